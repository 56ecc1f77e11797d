import { Button } from '@mantine/core';
import { IconChevronDown, IconUser } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The header's Account button: the menu's target, and its stand-in while the menu's code loads. */
export function AccountButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  return (
    <Button
      variant="subtle"
      leftSection={<IconUser size={18} />}
      rightSection={<IconChevronDown size={14} />}
      {...props}
    >
      {t('account')}
    </Button>
  );
}
