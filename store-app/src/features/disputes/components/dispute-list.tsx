import { Badge, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import { isCategory, statusLook } from '../lib/dispute-labels';

type DisputeListProps = {
  disputes: Schemas['Dispute'][];
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** Spec §9: the list scrolls at about 24rem. */
export function DisputeList({ disputes, selectedId, onSelect }: DisputeListProps) {
  const { t } = useTranslation('disputes');
  const { date } = useLocaleFormat();
  if (disputes.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('empty')}
      </Text>
    );
  }
  return (
    <ScrollArea h="24rem" type="auto">
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        pr="sm"
        style={{ listStyle: 'none' }}
        aria-label={t('listLabel')}
      >
        {disputes.map((dispute) => {
          const selected = dispute._id === selectedId;
          const status = statusLook(dispute.status);
          return (
            <li key={dispute._id}>
              <UnstyledButton
                w="100%"
                onClick={() => onSelect(dispute._id)}
                aria-current={selected ? 'true' : undefined}
              >
                <Paper
                  withBorder
                  p="sm"
                  bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
                  style={selected ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} truncate>
                      {dispute.subject}
                    </Text>
                    <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
                      {t(`status.${status.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {isCategory(dispute.category) ? t(`category.${dispute.category}`) : dispute.category} ·{' '}
                    {date(dispute.createdAt)}
                  </Text>
                </Paper>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
