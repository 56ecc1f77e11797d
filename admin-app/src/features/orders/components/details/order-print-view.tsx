import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { createPortal } from 'react-dom';
import type { AdminOrder } from '../../lib/order-status';
import { OrderPrintDocument } from './order-print-document';
import './order-print.css';

type OrderPrintViewProps = { order: AdminOrder; onBack: () => void };

/**
 * Print: the invoice and packing slip on screen, and a copy directly under <body> that the print style sheet
 * shows alone, so the shell never reaches the paper and long orders run over several pages.
 */
export function OrderPrintView({ order, onBack }: OrderPrintViewProps) {
  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onBack}>
          Back to order
        </Button>
        <Button leftSection={<IconPrinter size={14} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <Paper withBorder p="xl" radius="md">
        <OrderPrintDocument order={order} />
      </Paper>
      {createPortal(
        <div className="order-print-root" aria-hidden>
          <OrderPrintDocument order={order} />
        </div>,
        document.body,
      )}
    </Stack>
  );
}
