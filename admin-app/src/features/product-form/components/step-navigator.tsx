import { Badge, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

type StepNavigatorProps = {
  steps: readonly string[];
  active: number;
  /** Whether a step may be opened from here (earlier steps complete, or any step while editing). */
  canOpen: (index: number) => boolean;
  /** Whether every field of a step is filled in: such a step shows as completed wherever the current one is. */
  isComplete: (index: number) => boolean;
  onOpen: (index: number) => void;
};

/**
 * Spec 1 §2.12: each step by number, marked current, completed or upcoming. A step is completed when its fields
 * are, so a complete product opened in the editor shows its steps done rather than all upcoming.
 */
export function StepNavigator({ steps, active, canOpen, isComplete, onOpen }: StepNavigatorProps) {
  return (
    <Stack component="nav" aria-label="Wizard steps" gap={4}>
      {steps.map((title, index) => {
        const state = index === active ? 'Current' : isComplete(index) ? 'Completed' : 'Upcoming';
        return (
          <UnstyledButton
            key={title}
            onClick={() => onOpen(index)}
            disabled={index !== active && !canOpen(index)}
            aria-current={index === active ? 'step' : undefined}
            p="xs"
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              background: index === active ? 'var(--mantine-primary-color-light)' : undefined,
              opacity: index !== active && !canOpen(index) ? 0.6 : 1,
            }}
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon
                radius="xl"
                size="md"
                variant={state === 'Upcoming' ? 'default' : 'filled'}
                color={state === 'Completed' ? 'teal' : undefined}
                aria-hidden
              >
                {state === 'Completed' ? <IconCheck size={14} /> : <Text size="xs">{index + 1}</Text>}
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" fw={index === active ? 600 : 400}>
                  {`${index + 1}. ${title}`}
                </Text>
                <Badge
                  size="xs"
                  variant="light"
                  color={state === 'Completed' ? 'teal' : state === 'Current' ? undefined : 'gray'}
                >
                  {state}
                </Badge>
              </Stack>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
