import { Alert, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { formatMoney } from '@shop/ui/format';
import { useQuery } from '@tanstack/react-query';
import { claimQueries } from '../api/claims.queries';

type By = 'supplier' | 'product';

/** Claims by supplier or by product: how many, still open, reshipped, and what was refunded (store currency). */
export function ClaimReport({ by, onByChange }: { by: By; onByChange: (by: By) => void }) {
  const report = useQuery(claimQueries.report(by));
  const data = report.data?.data;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Group claims by"
        value={by}
        onChange={(value) => onByChange(value === 'product' ? 'product' : 'supplier')}
        data={[
          { value: 'supplier', label: 'By supplier' },
          { value: 'product', label: 'By product' },
        ]}
        w="fit-content"
      />
      {report.isPending && <Loader aria-label="Loading report" />}
      {report.isError && (
        <Alert color="red">{errorMessage(report.error, 'Failed to load the report.')}</Alert>
      )}
      {data && data.rows.length === 0 && <Text c="dimmed">No claims yet.</Text>}
      {data && data.rows.length > 0 && (
        <Table striped aria-label={`Claims by ${by}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{by === 'supplier' ? 'Supplier' : 'Product'}</Table.Th>
              <Table.Th>Claims</Table.Th>
              <Table.Th>Open</Table.Th>
              <Table.Th>Reshipments</Table.Th>
              <Table.Th>Refunded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.label || row.key || 'Unknown'}</Table.Td>
                <Table.Td>{row.claims}</Table.Td>
                <Table.Td>{row.open}</Table.Td>
                <Table.Td>{row.reshipments}</Table.Td>
                <Table.Td>{formatMoney(row.refunded, data.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
