import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime, formatMoney } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { CAMPAIGN_TYPES } from '../schemas/campaign-form.schema';

type Campaign = Schemas['Campaign'];

export const campaignTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof campaignTableFeatures, Campaign>();

const STATUS_COLORS: Record<Campaign['status'], string> = {
  Active: 'green',
  Scheduled: 'blue',
  Ended: 'gray',
};
const typeLabel = (type: Campaign['type']) =>
  CAMPAIGN_TYPES.find((option) => option.value === type)?.label ?? type;

type CampaignRowActions = {
  onEdit: (campaign: Campaign) => void;
  onCodes: (campaign: Campaign) => void;
  onEnd: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
};

/** A campaign's row (spec 2 §3: name, type, status, start, end, rules description), its results and its actions. */
export function campaignColumns({ onEdit, onCodes, onEnd, onDelete }: CampaignRowActions) {
  return column.columns([
    column.display({
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.coupons.length === 0
              ? 'No codes yet'
              : row.original.coupons.map((coupon) => coupon.code).join(', ')}
          </Text>
        </Stack>
      ),
    }),
    column.accessor('type', { header: 'Type', cell: ({ getValue }) => typeLabel(getValue()) }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <Badge color={STATUS_COLORS[getValue()]} variant="light">
          {getValue()}
        </Badge>
      ),
    }),
    column.accessor('startsAt', { header: 'Start', cell: ({ getValue }) => formatDateTime(getValue()) }),
    column.accessor('endsAt', { header: 'End', cell: ({ getValue }) => formatDateTime(getValue()) }),
    column.accessor('rules', {
      header: 'Rules',
      cell: ({ getValue }) => (
        <Text size="sm" maw={320}>
          {getValue()}
        </Text>
      ),
    }),
    column.display({
      id: 'orders',
      header: 'Orders',
      cell: ({ row }) => row.original.results.orders.toLocaleString('en-US'),
    }),
    column.display({
      id: 'discount',
      header: 'Discount Given',
      cell: ({ row }) => formatMoney(row.original.results.discount, row.original.results.currency),
    }),
    column.display({
      id: 'revenue',
      header: 'Revenue',
      cell: ({ row }) => formatMoney(row.original.results.revenue, row.original.results.currency),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const campaign = row.original;
        return (
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={`Edit ${campaign.name}`}
              onClick={() => onEdit(campaign)}
            >
              Edit
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={`Codes of ${campaign.name}`}
              onClick={() => onCodes(campaign)}
            >
              Codes
            </Button>
            {campaign.status === 'Ended' ? null : (
              <Button
                variant="subtle"
                size="compact-sm"
                color="orange"
                aria-label={`End ${campaign.name} now`}
                onClick={() => onEnd(campaign)}
              >
                End Now
              </Button>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              color="red"
              aria-label={`Delete ${campaign.name}`}
              onClick={() => onDelete(campaign)}
            >
              Delete
            </Button>
          </Group>
        );
      },
    }),
  ]);
}
