import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { OPEN_ALERTS, supplierQueries } from '../api/suppliers.queries';
import { KIND_LABELS, type SupplierAlert, worstAlert } from '../lib/alerts';

/**
 * The product table's "Supplier health" cell for a product: OK, or its worst open supplier alert. One read of the
 * open alerts serves the whole page of rows.
 */
export function useSupplierHealth(): (productId: string) => ReactNode {
  const { data, isError } = useQuery(supplierQueries.alerts(OPEN_ALERTS));
  const byProduct = useMemo(() => {
    const grouped = new Map<string, SupplierAlert[]>();
    for (const alert of data?.data ?? []) {
      if (!alert.productId) continue;
      grouped.set(alert.productId, [...(grouped.get(alert.productId) ?? []), alert]);
    }
    return grouped;
  }, [data]);
  return useCallback(
    (productId: string) => {
      if (isError) return <Text c="dimmed">Unknown</Text>;
      if (!data) return <Text c="dimmed">…</Text>;
      const worst = worstAlert(byProduct.get(productId) ?? []);
      return worst ? (
        <Badge color="orange" variant="light" title={worst.message}>
          {KIND_LABELS[worst.kind] ?? worst.kind}
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          OK
        </Badge>
      );
    },
    [byProduct, data, isError],
  );
}
