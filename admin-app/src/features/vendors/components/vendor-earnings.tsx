import { Alert, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { DataTable } from '@shop/ui/data-table';
import { formatMoney } from '@shop/ui/format';
import { ledgerColumns, ledgerTableFeatures } from '@shop/ui/vendor-ledger';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { StatCards } from '../../../components/stat-cards';
import { LEDGER_PAGE_SIZE, vendorEarningsQueries } from '../api/vendor-earnings.queries';
import { VendorCommissionForm } from './vendor-commission-form';
import { VendorPayoutForm } from './vendor-payout-form';

type VendorEarningsProps = {
  vendorId: string;
  /** The ledger's page, kept in the URL. */
  page: number;
  onPageChange: (page: number) => void;
};

/** A vendor store's earnings: its balance and sums, its commission, recording a payout, and the ledger. */
export function VendorEarnings({ vendorId, page, onPageChange }: VendorEarningsProps) {
  const summary = useQuery(vendorEarningsQueries.summary(vendorId));
  const ledger = useQuery({
    ...vendorEarningsQueries.ledger(vendorId, { page, limit: LEDGER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const earnings = summary.data?.data;
  const money = (amount: number | undefined) =>
    earnings && amount !== undefined ? formatMoney(amount, earnings.currency) : undefined;

  return (
    <Stack gap="md">
      {summary.isError ? (
        <Alert color="red" role="alert" title="Earnings could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(summary.error, 'Please try again.')}</Text>
            <Button size="xs" variant="light" onClick={() => void summary.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <StatCards
        label="Earnings summary"
        failed={summary.isError}
        cards={[
          { label: 'Balance', value: money(earnings?.balance) },
          { label: 'Earned', value: money(earnings?.earned) },
          { label: 'Commission', value: money(earnings?.commission) },
          { label: 'Refunded', value: money(earnings?.refunded) },
          { label: 'Paid out', value: money(earnings?.paidOut) },
        ]}
      />
      {earnings ? (
        <>
          <VendorCommissionForm vendorId={vendorId} earnings={earnings} />
          <Divider />
          <VendorPayoutForm vendorId={vendorId} earnings={earnings} />
        </>
      ) : null}
      <Divider />
      <Title order={3} fz="h5">
        Ledger
      </Title>
      {ledger.isError ? (
        <Alert color="red" role="alert" title="The ledger could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(ledger.error, 'Please try again.')}</Text>
            <Button size="xs" variant="light" onClick={() => void ledger.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <DataTable
        label="Vendor ledger"
        features={ledgerTableFeatures}
        columns={ledgerColumns}
        data={ledger.data?.data ?? []}
        getRowId={(row) => row._id}
        rowCount={ledger.data?.meta.total ?? 0}
        pagination={{ pageIndex: page - 1, pageSize: LEDGER_PAGE_SIZE }}
        onPaginationChange={({ pageIndex }) => onPageChange(pageIndex + 1)}
        loading={ledger.isPending || (ledger.isFetching && !ledger.data)}
        loadingText="Loading the ledger..."
        emptyState={<Text c="dimmed">No ledger entries yet: delivered orders and payouts show here.</Text>}
      />
    </Stack>
  );
}
