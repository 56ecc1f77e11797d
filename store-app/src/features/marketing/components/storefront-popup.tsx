import { Button, Image, Modal, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkTarget, localized } from '../lib/localized';
import { rememberPopupShown } from '../lib/popup-seen';

/** The storefront popup staff set up, shown open; it counts as seen the moment it shows. */
export function StorefrontPopup({ popup }: { popup: Schemas['StorefrontPopup'] }) {
  const { t, i18n } = useTranslation('marketing');
  const [opened, setOpened] = useState(true);
  useEffect(() => rememberPopupShown(), []);
  const close = () => setOpened(false);
  const text = localized(popup.text, i18n.language);
  const target = popup.link ? linkTarget(popup.link) : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={localized(popup.title, i18n.language)}
      closeButtonProps={{ 'aria-label': t('popup.close') }}
      centered
    >
      <Stack gap="md">
        {popup.imageUrl ? <Image src={popup.imageUrl} alt="" radius="sm" mah={240} fit="cover" /> : null}
        {text ? <Text>{text}</Text> : null}
        {target ? (
          <Button
            component="a"
            href={target.href}
            {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            onClick={close}
          >
            {t('popup.action')}
          </Button>
        ) : null}
      </Stack>
    </Modal>
  );
}
