import { Button, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import type { OptionGroup, SelectedOptions } from '../lib/sku-options';

type OptionPickerProps = {
  groups: OptionGroup[];
  selected: SelectedOptions;
  onChoose: (name: string, key: string) => void;
};

/** Spec §2: option buttons grouped by property name; a value with an image shows as a swatch. */
export function OptionPicker({ groups, selected, onChoose }: OptionPickerProps) {
  return (
    <Stack gap="sm">
      {groups.map((group) => {
        const chosen = group.values.find((value) => value.key === selected[group.name]);
        return (
          <Stack key={group.name} gap={6} role="group" aria-label={group.name}>
            <Text fz="sm">
              <Text span fw={600}>
                {group.name}:
              </Text>{' '}
              {chosen?.label ?? '—'}
            </Text>
            <Group gap="xs">
              {group.values.map((value) => {
                const active = value.key === selected[group.name];
                return value.image ? (
                  <UnstyledButton
                    key={value.key}
                    aria-label={value.label}
                    aria-pressed={active}
                    title={value.label}
                    onClick={() => onChoose(group.name, value.key)}
                    w={48}
                    h={48}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      overflow: 'hidden',
                      border: active
                        ? '2px solid var(--mantine-primary-color-filled)'
                        : '1px solid var(--mantine-color-default-border)',
                    }}
                  >
                    <Image src={value.image} alt="" h="100%" w="100%" fit="cover" />
                  </UnstyledButton>
                ) : (
                  <Button
                    key={value.key}
                    size="xs"
                    variant={active ? 'filled' : 'default'}
                    aria-pressed={active}
                    onClick={() => onChoose(group.name, value.key)}
                  >
                    {value.label}
                  </Button>
                );
              })}
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
