import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Spec 1 §2.4: a placeholder. Admin accounts are created by a Super Admin inside the back office. */
export function RegisterPage() {
  return (
    <Center mih="100vh" p="xl">
      <Paper maw={440} p="xl" withBorder>
        <Stack gap="sm">
          <Title order={1} size="h2">
            Register
          </Title>
          <Text c="dimmed">
            Admin accounts are created by a Super Admin under Admin &amp; Role Management. Ask your
            administrator for an invitation.
          </Text>
          <Anchor component={Link} to="/admin/auth/login">
            Back to login
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
