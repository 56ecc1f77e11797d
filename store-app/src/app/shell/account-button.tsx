import { Button } from '@mantine/core';
import { IconChevronDown, IconUser } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The header's Account button: the menu's target, and its stand-in while the menu's code loads. */
export function AccountButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <Button
      variant="subtle"
      leftSection={<IconUser size={18} />}
      rightSection={<IconChevronDown size={14} />}
      {...props}
    >
      Account
    </Button>
  );
}
