import { Center, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Shown in place of a screen the signed-in staff member's permissions do not open; the sidebar stays. */
export function NoPermission() {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={2} size="h4">
          You do not have permission to view this page.
        </Title>
      </Stack>
    </Center>
  );
}
