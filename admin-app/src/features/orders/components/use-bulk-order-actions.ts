import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { type BulkReportContent, bulkReportOf } from '@shop/ui/list-kit/bulk-report';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { useArchiveOrders, useBulkChangeOrderStatus } from '../api/orders.mutations';
import type { AdminOrder, OrderStatus } from '../lib/order-status';

const orders = (count: number) => (count === 1 ? '1 order' : `${count} orders`);

/**
 * The list's Update Status and Delete over some orders. Each order is handled on its own by the server; the
 * ones it refused are kept in `report` with the server's reason.
 */
export function useBulkOrderActions(rows: AdminOrder[]) {
  const bulkStatus = useBulkChangeOrderStatus();
  const archive = useArchiveOrders();
  const [report, setReport] = useState<BulkReportContent | null>(null);

  const settle = (result: Schemas['BulkOrderResult'], done: string, refused: string) => {
    if (result.updated.length > 0) toast.success(`${done} ${orders(result.updated.length)}.`);
    setReport(
      bulkReportOf(
        `${orders(result.failed.length)} ${refused}`,
        result.failed,
        (id) => rows.find((row) => row._id === id)?.id,
      ),
    );
  };

  return {
    busy: bulkStatus.isPending || archive.isPending,
    report,
    closeReport: () => setReport(null),
    /** Answers whether the server answered (the selection can then be cleared). */
    async updateStatus(ids: string[], status: OrderStatus) {
      try {
        const { data } = await bulkStatus.mutateAsync({ body: { ids, status } });
        settle(data, `Moved to ${status}:`, `could not be moved to ${status}`);
        return true;
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to update the order status.'));
        return false;
      }
    },
    async archive(ids: string[]) {
      try {
        const { data } = await archive.mutateAsync({ body: { ids } });
        settle(data, 'Deleted', 'could not be deleted');
        return true;
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to delete the orders.'));
        return false;
      }
    },
  };
}
