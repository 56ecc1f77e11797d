import { Stack, Text, Title } from '@mantine/core';

type ScreenTitleProps = { title: string; subtitle?: string };

/** The heading of one back-office screen. */
export function ScreenTitle({ title, subtitle }: ScreenTitleProps) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={2}>{title}</Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}
