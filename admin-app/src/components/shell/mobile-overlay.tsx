import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';

export function MobileOverlay() {
  return (
    <Center pos="fixed" inset={0} p="xl" bg="var(--mantine-color-body)" style={{ zIndex: 1000 }}>
      <Stack align="center" gap="md" maw={360}>
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconDeviceDesktop size={30} />
        </ThemeIcon>
        <Text ta="center" fw={600} size="lg">
          Mobile View Not Available For Admin Panel Right Now
        </Text>
      </Stack>
    </Center>
  );
}
