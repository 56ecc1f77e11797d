import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { claimQueries, useRefreshDispute, useResolveClaim } from '../api/claims.queries';
import { KIND_LABELS, STATUS_COLORS, STATUS_LABELS } from './claim-list';

type ClaimDetail = Schemas['ParcelClaimDetailEnvelope']['data'];
type Action = 'refund' | 'reship' | 'reject';

const DISPUTE_LABELS: Record<string, string> = {
  open: 'Waiting for the supplier',
  accepted: 'Accepted by the supplier',
  refused: 'Refused by the supplier',
  closed: 'Closed by the marketplace',
};

/** One claim beside the list: the shopper's words and photos, the parcel, the supplier's dispute and the actions. */
export function ClaimDetailDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const detail = useQuery({ ...claimQueries.detail(id ?? ''), enabled: id !== undefined });
  const claim = detail.data?.data;
  return (
    <Drawer opened={id !== undefined} onClose={onClose} position="right" size="xl" title="Claim">
      {detail.isPending && <Loader aria-label="Loading claim" />}
      {detail.isError && <Alert color="red">{errorMessage(detail.error, 'Failed to load the claim.')}</Alert>}
      {claim && <ClaimBody claim={claim} />}
    </Drawer>
  );
}

function ClaimBody({ claim }: { claim: ClaimDetail }) {
  const [acting, setActing] = useState<Action | null>(null);
  const refresh = useRefreshDispute();
  const open = claim.status === 'open';
  const onRefresh = async () => {
    try {
      const answer = await refresh.mutateAsync({ params: { path: { id: claim._id } } });
      toast.success(answer.message ?? 'Dispute refreshed.');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to refresh the dispute.'));
    }
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={3} fz="h4">
            {KIND_LABELS[claim.kind]}: order {claim.orderNumber}, parcel {claim.parcelNumber}
          </Title>
          <Text c="dimmed" size="sm">
            {claim.customerName} ({claim.customerEmail}), reported {formatDate(claim.createdAt)}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[claim.status]} variant="light" size="lg">
          {STATUS_LABELS[claim.status]}
        </Badge>
      </Group>

      <section aria-label="What the shopper says">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{claim.description}</Text>
        {claim.photos.length > 0 && (
          <SimpleGrid cols={5} mt="sm">
            {claim.photos.map((photo, index) => (
              <Anchor key={photo._id} href={photo.url} target="_blank" rel="noreferrer">
                <Image src={photo.url} alt={`Shopper's photo ${index + 1}`} radius="sm" h={90} fit="cover" />
              </Anchor>
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-label="Parcel">
        <Title order={4} fz="h5" mb="xs">
          Parcel {claim.parcel.number} · {claim.parcel.supplierName ?? 'Supplier unknown'}
        </Title>
        <Text size="sm">
          Status {claim.parcel.status} · supplier order {claim.parcel.aeOrderId ?? 'not placed'} · tracking{' '}
          {claim.parcel.trackingNumber
            ? `${claim.parcel.trackingNumber} (${claim.parcel.carrier ?? 'carrier'})`
            : 'none'}
        </Text>
        <Text size="sm" c="dimmed">
          {claim.parcel.promisedBy
            ? `Promised by ${formatDate(claim.parcel.promisedBy)}`
            : 'No delivery promise'}
          {claim.parcel.deliveredAt ? ` · delivered ${formatDate(claim.parcel.deliveredAt)}` : ''}
        </Text>
        {claim.parcel.events.length > 0 && (
          <Table mt="xs" fz="sm">
            <Table.Tbody>
              {claim.parcel.events.map((event) => (
                <Table.Tr key={`${event.time}-${event.description}`}>
                  <Table.Td>{formatDate(event.time)}</Table.Td>
                  <Table.Td>{event.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Table mt="xs" fz="sm" aria-label="Parcel items">
          <Table.Tbody>
            {claim.lines.map((line) => (
              <Table.Tr key={line.name}>
                <Table.Td>{line.name}</Table.Td>
                <Table.Td>× {line.quantity}</Table.Td>
                <Table.Td>{formatMoney(line.value, claim.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <AnchorLink to="/manage-admin/orders/details" search={{ id: claim.orderId }} size="sm">
          View order
        </AnchorLink>
      </section>

      <section aria-label="Supplier dispute">
        <Title order={4} fz="h5" mb="xs">
          Supplier dispute
        </Title>
        {claim.dispute.id ? (
          <Text size="sm">
            Dispute {claim.dispute.id}:{' '}
            {DISPUTE_LABELS[claim.dispute.status ?? 'open'] ?? claim.dispute.status}
          </Text>
        ) : (
          <Text size="sm">Not opened yet.</Text>
        )}
        {claim.dispute.supplierAnswer && (
          <Text size="sm" mt={4}>
            Supplier’s answer: “{claim.dispute.supplierAnswer}”
          </Text>
        )}
        {claim.dispute.error && (
          <Alert color="orange" mt="xs" title="The marketplace did not take it">
            {claim.dispute.error}
          </Alert>
        )}
        <Button
          mt="xs"
          size="compact-sm"
          variant="light"
          loading={refresh.isPending}
          onClick={() => void onRefresh()}
        >
          Refresh
        </Button>
      </section>

      {claim.status !== 'open' && (
        <Text size="sm">
          {claim.status === 'refunded' && claim.refundAmount !== null
            ? `Refunded ${formatMoney(claim.refundAmount, claim.currency)}.`
            : null}
          {claim.status === 'reshipped' ? 'Sent again as a new parcel.' : null}
          {claim.staffNote ? ` Note: ${claim.staffNote}` : ''}
        </Text>
      )}

      {open && (
        <Group>
          <Button onClick={() => setActing('refund')} disabled={claim.refundable <= 0}>
            Refund
          </Button>
          <Button variant="light" onClick={() => setActing('reship')}>
            Reship
          </Button>
          <Button color="red" variant="light" onClick={() => setActing('reject')}>
            Reject
          </Button>
        </Group>
      )}
      {acting && <ResolveDialog claim={claim} action={acting} onClose={() => setActing(null)} />}
    </Stack>
  );
}

const TITLES: Record<Action, string> = {
  refund: 'Refund this parcel',
  reship: 'Send the items again',
  reject: 'Reject the claim',
};

function ResolveDialog({
  claim,
  action,
  onClose,
}: {
  claim: ClaimDetail;
  action: Action;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState<number>(claim.refundable);
  const resolve = useResolveClaim();
  const noteMissing = action === 'reject' && note.trim() === '';
  const submit = async () => {
    try {
      const answer = await resolve.mutateAsync({
        params: { path: { id: claim._id } },
        body: {
          action,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(action === 'refund' ? { amount } : {}),
        },
      });
      toast.success(answer.message ?? 'Claim settled.');
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to settle the claim.'));
    }
  };
  return (
    <Modal opened onClose={onClose} title={TITLES[action]} centered>
      <Stack>
        {action === 'refund' && (
          <>
            <Text size="sm">
              The parcel’s share of the order is {formatMoney(claim.share, claim.currency)}; up to{' '}
              {formatMoney(claim.refundable, claim.currency)} can still be refunded. The shopper keeps the
              goods.
            </Text>
            <NumberInput
              label={`Amount (${claim.currency})`}
              min={0.01}
              max={claim.refundable}
              decimalScale={2}
              value={amount}
              onChange={(value) => setAmount(typeof value === 'number' ? value : Number(value))}
            />
          </>
        )}
        {action === 'reship' && (
          <Text size="sm">
            A new parcel with the same items is placed with {claim.parcel.supplierName ?? 'the supplier'}. The
            shopper keeps anything that arrives late.
          </Text>
        )}
        <Textarea
          label="Note to the shopper"
          required={action === 'reject'}
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={action === 'reject' ? 'red' : undefined}
            loading={resolve.isPending}
            disabled={noteMissing || (action === 'refund' && !(amount > 0))}
            onClick={() => void submit()}
          >
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
