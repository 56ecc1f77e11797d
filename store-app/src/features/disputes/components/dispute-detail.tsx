import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import { useEscalateDispute, useSendDisputeMessage } from '../api/disputes.mutations';
import { DISPUTE_ERRORS } from '../lib/dispute-errors';
import { canEscalate, isCategory, priorityLook, statusLook } from '../lib/dispute-labels';
import { DisputeThread } from './dispute-thread';

type DisputeDetailProps = {
  dispute: Schemas['Dispute'];
  /** Tells the page's red banner what went wrong, or that the last action went well (null). */
  onError: (message: string | null) => void;
};

export function DisputeDetail({ dispute, onError }: DisputeDetailProps) {
  const { t } = useTranslation('disputes');
  const { date, number } = useLocaleFormat();
  const status = statusLook(dispute.status);
  const priority = priorityLook(dispute.priority);
  const StatusIcon = status.icon;
  const escalate = useEscalateDispute();

  const escalateDispute = () => {
    onError(null);
    escalate.mutate(dispute._id, {
      onError: (error) => onError(errorMessage(error, t(DISPUTE_ERRORS.escalate))),
    });
  };

  return (
    <Stack component="article" aria-labelledby="dispute-subject" gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h3" id="dispute-subject">
          {dispute.subject}
        </Title>
        <Group gap={6} wrap="nowrap" c={status.color}>
          <StatusIcon size={20} aria-hidden />
          <Text fw={600} c={status.color}>
            {t(`status.${status.status}`)}
          </Text>
        </Group>
      </Group>

      <Group gap="lg" wrap="wrap" component="dl" m={0}>
        <Fact label={t('detail.category')}>
          {isCategory(dispute.category) ? t(`category.${dispute.category}`) : dispute.category}
        </Fact>
        <Fact label={t('detail.priority')}>
          <Badge color={priority.color} variant="light">
            {t(`priority.${priority.priority}`)}
          </Badge>
        </Fact>
        <Fact label={t('detail.created')}>{date(dispute.createdAt)}</Fact>
        <Fact label={t('detail.messages')}>{number(dispute.messages.length)}</Fact>
        {dispute.order && <Fact label={t('detail.order')}>{dispute.order.orderNumber}</Fact>}
      </Group>

      <Text style={{ whiteSpace: 'pre-wrap' }}>{dispute.description}</Text>

      {dispute.evidence.length > 0 && <EvidenceLinks urls={dispute.evidence} />}

      {dispute.resolution && <ResolutionBox resolution={dispute.resolution} />}

      <DisputeThread messages={dispute.messages} />
      <MessageInput disputeId={dispute._id} onError={onError} />

      {canEscalate(dispute.status) && (
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            leftSection={<IconAlertTriangle size={16} />}
            loading={escalate.isPending}
            onClick={escalateDispute}
          >
            {t('detail.escalate')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The files the shopper attached, each opened in a new tab by its stored name. */
function EvidenceLinks({ urls }: { urls: string[] }) {
  const { t } = useTranslation('disputes');
  return (
    <Stack gap={4} component="section" aria-labelledby="dispute-evidence">
      <Text size="xs" c="dimmed" id="dispute-evidence">
        {t('evidence.title')}
      </Text>
      <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {urls.map((url, index) => (
          <li key={url}>
            <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
              {t('evidence.file', { number: index + 1 })}
            </Anchor>
          </li>
        ))}
      </Group>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** Spec §4: the send button stays disabled while the text is blank after trimming; Enter also sends. */
function MessageInput({
  disputeId,
  onError,
}: {
  disputeId: string;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('disputes');
  const [text, setText] = useState('');
  const sendMessage = useSendDisputeMessage();
  const blank = text.trim() === '';

  const send = () => {
    if (blank || sendMessage.isPending) return;
    onError(null);
    sendMessage.mutate(
      { id: disputeId, message: text.trim() },
      {
        onSuccess: () => setText(''),
        onError: (error) => onError(errorMessage(error, t(DISPUTE_ERRORS.message))),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A key press that ends an IME composition is not the shopper asking to send.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        flex={1}
        aria-label={t('message.label')}
        placeholder={t('message.placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        maxLength={2000}
      />
      <Button
        onClick={send}
        disabled={blank}
        loading={sendMessage.isPending}
        leftSection={<IconSend size={16} />}
      >
        {t('message.send')}
      </Button>
    </Group>
  );
}

function ResolutionBox({ resolution }: { resolution: Schemas['DisputeResolution'] }) {
  const { t } = useTranslation('disputes');
  const { date, money } = useLocaleFormat();
  const { amount, currency, notes } = resolution;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="dispute-resolution"
      bg="var(--mantine-color-green-light)"
    >
      <Title order={3} size="h5" id="dispute-resolution">
        {t('resolution.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('resolution.appliedOn', { date: date(resolution.resolvedAt) })}
      </Text>
      <Stack gap={4} component="dl" m={0}>
        <Fact label={t('resolution.action')}>
          {t(`resolution.actions.${resolution.action}`, { defaultValue: resolution.action })}
        </Fact>
        {amount != null && currency && <Fact label={t('resolution.amount')}>{money(amount, currency)}</Fact>}
        {notes && <Fact label={t('resolution.notes')}>{notes}</Fact>}
      </Stack>
    </Paper>
  );
}
