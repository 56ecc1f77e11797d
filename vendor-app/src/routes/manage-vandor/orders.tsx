import { Stack, Table, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/manage-vandor/orders')({
  component: OrdersPage,
});

const COLUMNS = ['Order ID', 'Customer', 'Date', 'Items', 'Total ($)', 'Status'];

// No vendor orders endpoint exists yet, so the table shows its empty state.
function OrdersPage() {
  return (
    <Stack>
      <Title order={1}>Orders</Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="md">
                  No orders found.
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
