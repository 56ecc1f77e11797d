import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { useDecideReturnRequest } from '../api/orders.mutations';
import { ORDER_PAGE_SIZE, orderQueries } from '../api/orders.queries';
import { RETURN_REQUEST_STATUSES, type ReturnRequestSearch } from '../schemas/screen-search';

type ReturnRequest = Schemas['StaffReturnRequest'];
type Status = ReturnRequest['status'];
type Decision = 'Approved' | 'Rejected';

const STATUS_COLORS: Record<Status, string> = {
  Requested: 'yellow',
  Approved: 'blue',
  Rejected: 'red',
  Refunded: 'teal',
};

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, ReturnRequest>();

type ReturnRequestListProps = {
  search: ReturnRequestSearch;
  onSearchChange: (change: Partial<ReturnRequestSearch>) => void;
};

/**
 * Shoppers' return and refund requests (asked within 7 days of delivery): approve or reject with a note the
 * shopper sees. An approved refund is paid with the order's Refund action; the request then shows Refunded.
 */
export function ReturnRequestList({ search, onSearchChange }: ReturnRequestListProps) {
  const { filter, setPage } = useListState(search, onSearchChange);
  const [deciding, setDeciding] = useState<{ request: ReturnRequest; decision: Decision } | null>(null);
  const list = useQuery({
    ...orderQueries.returnRequests({
      status: search.status === 'all' ? undefined : search.status,
      page: search.page,
      limit: ORDER_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });

  const columns = column.columns([
    column.accessor('orderNumber', { header: 'Order ID' }),
    column.accessor('customerName', { header: 'Customer' }),
    column.accessor('kind', {
      header: 'Request',
      cell: ({ getValue }) => (getValue() === 'refund' ? 'Refund' : 'Return'),
    }),
    column.display({
      id: 'total',
      header: 'Order Total',
      cell: ({ row }) => formatMoney(row.original.totalPrice, row.original.currency),
    }),
    column.accessor('reason', { header: 'Reason' }),
    column.accessor('createdAt', { header: 'Requested', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <Badge color={STATUS_COLORS[getValue()]} variant="light">
          {getValue()}
        </Badge>
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original.orderId }} size="sm">
            View
          </AnchorLink>
          {row.original.status === 'Requested' && (
            <>
              <Button
                size="compact-sm"
                onClick={() => setDeciding({ request: row.original, decision: 'Approved' })}
                aria-label={`Approve request for ${row.original.orderNumber}`}
              >
                Approve
              </Button>
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                onClick={() => setDeciding({ request: row.original, decision: 'Rejected' })}
                aria-label={`Reject request for ${row.original.orderNumber}`}
              >
                Reject
              </Button>
            </>
          )}
        </Group>
      ),
    }),
  ]);

  return (
    <Stack gap="md" component="section" aria-labelledby="return-requests-title">
      <Title order={2} fz="h4" id="return-requests-title">
        Return &amp; Refund Requests
      </Title>
      <Paper withBorder p="md" radius="md">
        <FilterSelect
          label="Request status"
          w={220}
          options={[{ value: 'all', label: 'All statuses' } as const, ...RETURN_REQUEST_STATUSES]}
          value={search.status}
          onChange={(status) => filter({ status })}
        />
      </Paper>
      <ListTable
        label="Return requests"
        query={list}
        features={features}
        columns={columns}
        data={list.data?.data ?? []}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={ORDER_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading return requests..."
        emptyState={<Text c="dimmed">No return requests found.</Text>}
        errorFallback="Failed to load return requests."
      />
      {deciding && <DecisionDialog {...deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}

function DecisionDialog({
  request,
  decision,
  onClose,
}: {
  request: ReturnRequest;
  decision: Decision;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const decide = useDecideReturnRequest();
  const submit = async () => {
    try {
      const answer = await decide.mutateAsync({
        params: { path: { id: request._id } },
        body: { status: decision, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      toast.success(answer.message ?? `Request ${decision.toLowerCase()}.`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to answer the request.'));
    }
  };
  const verb = decision === 'Approved' ? 'Approve' : 'Reject';
  return (
    <Modal opened onClose={onClose} title={`${verb} ${request.kind} request`} centered>
      <Stack>
        <Text>
          {request.customerName}, order {request.orderNumber}: “{request.reason}”
        </Text>
        <Textarea
          label="Note to the shopper"
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
            color={decision === 'Rejected' ? 'red' : undefined}
            loading={decide.isPending}
            onClick={() => void submit()}
          >
            {verb}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
