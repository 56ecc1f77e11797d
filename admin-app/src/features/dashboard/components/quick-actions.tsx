import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';

const actions: { label: string; to: NonNullable<LinkProps['to']> }[] = [
  { label: 'Add Product', to: '/manage-admin/products/add-product' },
  { label: 'Import from AliExpress', to: '/manage-admin/products/add-product/aliexpress' },
  { label: 'Orders', to: '/manage-admin/orders' },
  { label: 'Disputes', to: '/manage-admin/disputes' },
];

/** Spec 1 §2.5 Quick Actions, linked to their screens. */
export function QuickActions() {
  return (
    <Paper component="section" aria-label="Quick Actions" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Quick Actions
        </Title>
        <Group gap="sm">
          {actions.map((action) => (
            <Button key={action.to} component={Link} to={action.to} variant="light">
              {action.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
