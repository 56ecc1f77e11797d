import { Tabs } from '@mantine/core';
import { PAYMENT_TABS, type PaymentsSearch, type PaymentsTab } from '../schemas/payments-search';
import { CodReconciliation } from './cod-reconciliation';
import { PaymentList } from './payment-list';
import { PaymentRefundList } from './payment-refund-list';

type PaymentsScreenProps = {
  search: PaymentsSearch;
  onSearchChange: (change: Partial<PaymentsSearch>) => void;
};

const isTab = (value: string | null): value is PaymentsTab =>
  (PAYMENT_TABS as readonly (string | null)[]).includes(value);

/** Payments, Refunds and Cash on delivery; only the open tab asks the server. */
export function PaymentsScreen({ search, onSearchChange }: PaymentsScreenProps) {
  return (
    <Tabs
      value={search.tab}
      keepMounted={false}
      onChange={(tab) => {
        if (isTab(tab)) onSearchChange({ tab, page: 1 });
      }}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="payments">Payments</Tabs.Tab>
        <Tabs.Tab value="refunds">Refunds</Tabs.Tab>
        <Tabs.Tab value="cod">Cash on delivery</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="payments">
        <PaymentList search={search} onSearchChange={onSearchChange} />
      </Tabs.Panel>
      <Tabs.Panel value="refunds">
        <PaymentRefundList page={search.page} onPageChange={(page) => onSearchChange({ page })} />
      </Tabs.Panel>
      <Tabs.Panel value="cod">
        <CodReconciliation search={search} onSearchChange={onSearchChange} />
      </Tabs.Panel>
    </Tabs>
  );
}
