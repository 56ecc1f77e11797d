import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../product-texts';

/** Spec §2 Share: the Web Share API where there is one, else the app's own dialog with the address to copy. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation('product');
  const [copyUrl, setCopyUrl] = useState<string | null>(null);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share !== 'function') {
      setCopyUrl(url);
      return;
    }
    try {
      await navigator.share({ title, url });
    } catch {
      // The shopper closed the share sheet: nothing to report.
    }
  };

  return (
    <>
      <Button variant="subtle" leftSection={<IconShare size={16} />} onClick={() => void share()}>
        {t('share.button')}
      </Button>
      <Modal
        opened={copyUrl !== null}
        onClose={() => setCopyUrl(null)}
        title={t('share.button')}
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Stack>
          <Text size="sm">{t('share.copyText')}</Text>
          <TextInput
            readOnly
            value={copyUrl ?? ''}
            aria-label={t('share.address')}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group justify="flex-end">
            <CopyButton value={copyUrl ?? ''}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  color={copied ? 'teal' : undefined}
                >
                  {copied ? t('share.copied') : t('share.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
