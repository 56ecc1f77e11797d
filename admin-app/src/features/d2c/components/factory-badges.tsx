import { Badge } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

const STATUS_COLORS: Record<Schemas['FactoryStatus'], string> = {
  active: 'teal',
  pending: 'yellow',
  rejected: 'gray',
  suspended: 'red',
};

export function FactoryStatusBadge({ status }: { status: Schemas['FactoryStatus'] }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {status}
    </Badge>
  );
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** 'BD' → 'Bangladesh'; a missing country as a dash. */
export const countryLabel = (code: string | null) => (code ? (regionNames.of(code) ?? code) : '—');
