import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';

type Shopper = Schemas['Shopper'];
type AccountStatus = Schemas['SetShopperStatusRequest']['status'];

export const shopperTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof shopperTableFeatures, Shopper>();

const ACCOUNT_STATUSES: AccountStatus[] = ['active', 'suspended'];

export type ShopperRowActions = {
  /** The status a row's select shows: the saved one, or the one just picked while it is confirmed or saved. */
  statusOf: (shopper: Shopper) => Shopper['status'];
  onStatusChange: (shopper: Shopper, status: AccountStatus) => void;
  onInvite: (shopper: Shopper) => void;
  /** The email of the guest whose invitation is on its way, if any. */
  inviting: string | null;
};

const optionalDate = (iso: string | null, none: string) => (iso ? formatDate(iso) : none);

/** B2C Management rows: an account's status is a select that saves; a guest can be invited instead. */
export function shopperColumns({ statusOf, onStatusChange, onInvite, inviting }: ShopperRowActions) {
  return column.columns([
    column.display({
      id: 'shopper',
      header: 'Shopper',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.email}
          </Text>
        </Stack>
      ),
    }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const shopper = row.original;
        if (shopper.status === 'guest') {
          return (
            <Badge variant="light" color="gray">
              guest
            </Badge>
          );
        }
        return (
          <Group gap={4} wrap="nowrap">
            <NativeSelect
              aria-label={`Status of ${shopper.name}`}
              size="xs"
              data={ACCOUNT_STATUSES}
              value={statusOf(shopper)}
              onChange={(event) => {
                const next = event.currentTarget.value as AccountStatus;
                if (next !== shopper.status) onStatusChange(shopper, next);
              }}
            />
            {shopper.invited ? (
              <Badge variant="outline" color="yellow" size="sm">
                Invited
              </Badge>
            ) : null}
          </Group>
        );
      },
    }),
    column.accessor('orders', {
      header: 'Orders',
      cell: ({ getValue }) => getValue().toLocaleString('en-US'),
    }),
    column.accessor('totalSpent', {
      header: 'Total Spent',
      cell: ({ getValue }) => formatMoney(getValue(), 'USD'),
    }),
    column.accessor('lastOrder', {
      header: 'Last Order',
      cell: ({ getValue }) => optionalDate(getValue(), 'No orders'),
    }),
    column.accessor('joined', {
      header: 'Joined',
      cell: ({ getValue }) => optionalDate(getValue(), '—'),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const shopper = row.original;
        if (shopper.status === 'guest') {
          return (
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={`Invite ${shopper.name}`}
              loading={inviting === shopper.email}
              onClick={() => onInvite(shopper)}
            >
              Invite
            </Button>
          );
        }
        return (
          <AnchorLink
            to="/manage-admin/users/details"
            search={{ id: shopper._id }}
            size="sm"
            aria-label={`View ${shopper.name}`}
          >
            View
          </AnchorLink>
        );
      },
    }),
  ]);
}
