import { Badge } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

const STATE_LABEL: Record<Schemas['PaymentState'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};
const STATE_COLOR: Record<Schemas['PaymentState'], string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
  refunded: 'gray',
  partially_refunded: 'orange',
};

export const paymentStateLabel = (state: Schemas['PaymentState']) => STATE_LABEL[state];

export function PaymentStateBadge({ state }: { state: Schemas['PaymentState'] }) {
  return (
    <Badge variant="light" color={STATE_COLOR[state]}>
      {STATE_LABEL[state]}
    </Badge>
  );
}

const MISMATCH_LABEL: Record<Schemas['PaymentMismatch']['kind'], string> = {
  paid_without_order: 'Paid without order',
  paid_without_confirmation: 'Paid without confirmation',
};

export function MismatchBadge({ kind }: { kind: Schemas['PaymentMismatch']['kind'] }) {
  return (
    <Badge variant="filled" color="red">
      {MISMATCH_LABEL[kind]}
    </Badge>
  );
}

const COD_LABEL: Record<Schemas['CodState'], string> = {
  awaiting_delivery: 'Awaiting delivery',
  collected: 'Collected',
  remitted: 'Remitted',
  short: 'Short',
};
const COD_COLOR: Record<Schemas['CodState'], string> = {
  awaiting_delivery: 'gray',
  collected: 'yellow',
  remitted: 'teal',
  short: 'red',
};

export const codStateLabel = (state: Schemas['CodState']) => COD_LABEL[state];

export function CodStateBadge({ state }: { state: Schemas['CodState'] }) {
  return (
    <Badge variant="light" color={COD_COLOR[state]}>
      {COD_LABEL[state]}
    </Badge>
  );
}
