import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, type LinkProps, useLocation } from '@tanstack/react-router';

export type SectionLink = { label: string; to: NonNullable<LinkProps['to']> };

type SectionHeaderProps = { title: string; subtitle?: string; links: SectionLink[] };

/** The header of a back-office section (Products, Orders, Admins, Users): its title and its own navigation. */
export function SectionHeader({ title, subtitle, links }: SectionHeaderProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Paper withBorder p="md" mb="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Title order={1} size="h3">
            {title}
          </Title>
          {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        </Stack>
        <Group component="nav" aria-label={`${title} navigation`} gap="xs" wrap="wrap">
          {links.map((link) => {
            const current = pathname === link.to;
            return (
              <Button
                key={link.to}
                component={Link}
                to={link.to}
                size="xs"
                variant={current ? 'filled' : 'default'}
                aria-current={current ? 'page' : undefined}
              >
                {link.label}
              </Button>
            );
          })}
        </Group>
      </Group>
    </Paper>
  );
}
