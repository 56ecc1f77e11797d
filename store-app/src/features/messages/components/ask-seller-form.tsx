import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MAX_MESSAGE } from '@shop/conversations/subject-message.schema';
import { errorMessage } from '@shop/sdk/client';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useAskSeller } from '../api/messages.mutations';

type AskSellerFormProps = { productId: string; onClose: () => void };

/** The question to the seller; once sent, a confirmation with the way to the shopper's Messages. */
export function AskSellerForm({ productId, onClose }: AskSellerFormProps) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const ask = useAskSeller(productId);
  const blank = text.trim() === '';
  const sent = ask.data?.data;

  const send = () => {
    if (blank || ask.isPending) return;
    ask.mutate(text.trim());
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ask.title')}
      centered
      closeButtonProps={{ 'aria-label': t('ask.close') }}
    >
      {sent ? (
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck size={18} />} title={t('ask.sent')}>
            {t('ask.sentHint')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ask.close')}
            </Button>
            <AnchorLink to="/profile/messages" search={{ conversation: sent._id }} fw={600}>
              {t('ask.openMessages')}
            </AnchorLink>
          </Group>
        </Stack>
      ) : (
        <Stack
          gap="md"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Text size="sm" c="dimmed">
            {t('ask.intro')}
          </Text>
          <Textarea
            label={t('ask.label')}
            placeholder={t('ask.placeholder')}
            rows={4}
            maxLength={MAX_MESSAGE}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
          />
          {ask.isError && (
            <Alert color="red" role="alert">
              {errorMessage(ask.error, t('ask.failed'))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ask.cancel')}
            </Button>
            <Button type="submit" disabled={blank} loading={ask.isPending}>
              {t('ask.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
