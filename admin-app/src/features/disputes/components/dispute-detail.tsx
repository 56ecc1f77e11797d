import { Anchor, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { ReplyBox, type ReplyBoxTexts } from '@shop/conversations/reply-box';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { type ReactNode, useState } from 'react';
import {
  useAddDisputeMessage,
  useSetDisputePriority,
  useUpdateDisputeStatus,
} from '../api/disputes.mutations';
import { disputeError } from '../lib/dispute-errors';
import { DISPUTE_PRIORITIES, type Dispute, labelOf, optionsOf, orderCurrencyOf } from '../lib/dispute-values';
import { waitingOf } from '../lib/waiting';
import type { ResolutionBody } from '../schemas/resolution.schema';
import { DisputeStatusBadge } from './dispute-badges';
import { DisputeThread } from './dispute-thread';
import { ResolutionApplied } from './resolution-applied';
import { ResolutionPanel } from './resolution-panel';
import { StatusButtons } from './status-buttons';

const PRIORITY_OPTIONS = optionsOf(DISPUTE_PRIORITIES);

const REPLY_TEXTS: ReplyBoxTexts = {
  label: 'Reply',
  placeholder: 'Type your reply to the customer...',
  send: 'Send Reply',
};

type DisputeDetailProps = {
  dispute: Dispute;
  /** Shows a failed change in the desk's red box; null clears it. */
  onError: (message: string | null) => void;
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Spec 2 §2: one dispute with its facts, status buttons, Resolution panel or applied resolution, thread and reply. */
export function DisputeDetail({ dispute, onError }: DisputeDetailProps) {
  const updateStatus = useUpdateDisputeStatus();
  const setPriority = useSetDisputePriority();
  const addMessage = useAddDisputeMessage();
  // Staff asked to resolve a dispute that is not under review: the Resolution panel opens for it too.
  const [resolvingId, setResolvingId] = useState<string | null>(null);
  const path = { params: { path: { id: dispute._id } } };
  const waiting = waitingOf(dispute);
  const showResolutionPanel =
    dispute.status === 'under_review' || (resolvingId === dispute._id && dispute.status !== 'resolved');

  const moveTo = async (status: 'open' | 'under_review' | 'closed') => {
    onError(null);
    setResolvingId(null);
    try {
      await updateStatus.mutateAsync({ ...path, body: { status } });
    } catch (error) {
      onError(disputeError(error, 'status'));
    }
  };

  const resolve = async (resolution: ResolutionBody) => {
    onError(null);
    try {
      await updateStatus.mutateAsync({ ...path, body: { status: 'resolved', resolution } });
      setResolvingId(null);
    } catch (error) {
      onError(disputeError(error, 'status'));
      throw error;
    }
  };

  const changePriority = async (priority: Schemas['DisputePriority']) => {
    onError(null);
    try {
      await setPriority.mutateAsync({ ...path, body: { priority } });
    } catch (error) {
      onError(disputeError(error, 'priority'));
    }
  };

  const reply = async (message: string) => {
    onError(null);
    try {
      await addMessage.mutateAsync({ ...path, body: { message } });
    } catch (error) {
      onError(disputeError(error, 'message'));
      throw error;
    }
  };

  return (
    <Paper component="article" aria-labelledby="dispute-subject" withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id="dispute-subject">
            {dispute.subject}
          </Title>
          <DisputeStatusBadge status={dispute.status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {dispute.description}
        </Text>
        {waiting ? (
          <Text size="sm" c={waiting.overdue ? 'red' : 'orange'} fw={600}>
            {waiting.text}
          </Text>
        ) : null}
        <Group gap="xl" align="flex-start">
          <Field label="Category">{labelOf(dispute.category)}</Field>
          <Field label="Status">{labelOf(dispute.status)}</Field>
          <Field label="Customer">{dispute.user.name}</Field>
          <Field label="Order">{dispute.order?.orderNumber ?? dispute.orderId ?? '—'}</Field>
          <Field label="Created">{formatDate(dispute.createdAt)}</Field>
          <NativeSelect
            label="Priority"
            size="xs"
            data={PRIORITY_OPTIONS}
            value={dispute.priority}
            disabled={setPriority.isPending}
            onChange={(event) => void changePriority(event.currentTarget.value as Schemas['DisputePriority'])}
          />
        </Group>
        {dispute.evidence.length > 0 ? (
          <Field label="Evidence">
            <Group gap="sm">
              {dispute.evidence.map((url, index) => (
                <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" size="sm">
                  File {index + 1}
                </Anchor>
              ))}
            </Group>
          </Field>
        ) : null}
        <StatusButtons
          dispute={dispute}
          busy={updateStatus.isPending}
          onMove={(status) => void moveTo(status)}
          onResolve={() => setResolvingId(dispute._id)}
        />
        {showResolutionPanel ? (
          <ResolutionPanel
            key={`resolution-${dispute._id}`}
            busy={updateStatus.isPending}
            orderCurrency={orderCurrencyOf(dispute)}
            onSubmit={resolve}
          />
        ) : null}
        {dispute.resolution ? <ResolutionApplied resolution={dispute.resolution} /> : null}
        <DisputeThread dispute={dispute} />
        {dispute.status === 'closed' ? (
          <Text size="sm" c="dimmed">
            A closed dispute takes no more messages.
          </Text>
        ) : (
          <ReplyBox
            key={`reply-${dispute._id}`}
            busy={addMessage.isPending}
            onSend={reply}
            texts={REPLY_TEXTS}
          />
        )}
      </Stack>
    </Paper>
  );
}
