import { MantineProvider } from '@mantine/core';
import { AppNotifications } from '@shop/ui/notifications';
import { theme } from '@shop/ui/theme';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { dataEnvelope, jsonResponse, stubApi } from '../../test/network';
import { ProductSuppliersSection } from './components/product-suppliers';
import { SupplierAlertsPanel } from './components/supplier-alerts-panel';
import { useSupplierHealth } from './components/supplier-health';
import { type SupplierAlert, worstAlert } from './lib/alerts';

function renderWithProviders(node: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme}>
      <AppNotifications />
      <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
  return { user };
}

const PRODUCT = '3f0c1b7e-2d4a-4c8e-9f6b-1a2b3c4d5e6f';

const alert = (kind: string, extra: Partial<SupplierAlert> = {}): SupplierAlert => ({
  id: `alert-${kind}`,
  kind,
  status: 'open',
  message: `Wireless Earbuds (Black): ${kind}`,
  productId: PRODUCT,
  productTitle: 'Wireless Earbuds',
  skuId: '1200',
  details: {
    decision: {
      choices: ['switch_to_backup', 'hide_variant', 'zero_stock'],
      backup: {
        aeProductId: '1005006264390851',
        supplierName: 'Baseus Store',
        marginAfterSwitchPercent: 31.5,
      },
    },
  },
  resolution: null,
  resolvedBy: null,
  resolvedAt: null,
  createdAt: '2026-11-28T09:15:00.000Z',
  ...extra,
});

const page = (data: SupplierAlert[]) => ({
  success: true,
  data,
  meta: { page: 1, limit: 100, total: data.length },
});

describe('supplier alerts on the dashboard', () => {
  it('offers the decisions with the margin after a switch, and sends the one clicked', async () => {
    let open = [alert('supplier.low_stock')];
    const api = stubApi({
      'GET /suppliers/alerts': () => jsonResponse(200, page(open)),
      'POST /suppliers/alerts/alert-supplier.low_stock/resolve': () => {
        open = [];
        return jsonResponse(
          200,
          dataEnvelope(
            { ...alert('supplier.low_stock'), status: 'resolved' },
            'Switched to the backup supplier.',
          ),
        );
      },
    });
    const { user } = renderWithProviders(<SupplierAlertsPanel />);
    const row = await screen.findByRole('group', { name: 'Wireless Earbuds (Black): supplier.low_stock' });
    expect(within(row).getByText('Low stock')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Hide variant' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Set stock to 0' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Switch to backup (margin 31.5%)' }));
    expect(await screen.findByText('Switched to the backup supplier.')).toBeInTheDocument();
    expect(api.sentTo('POST /suppliers/alerts/alert-supplier.low_stock/resolve')[0]?.body).toEqual({
      decision: 'switch_to_backup',
    });
    expect(await screen.findByText('No open supplier alerts')).toBeInTheDocument();
  });

  it('leaves out the switch when the variant has no backup, and runs the check on demand', async () => {
    const noBackup = alert('supplier.sku_gone', {
      details: { decision: { choices: ['hide_variant', 'zero_stock'], backup: null } },
    });
    const api = stubApi({
      'GET /suppliers/alerts': () => jsonResponse(200, page([noBackup])),
      'POST /suppliers/check': () =>
        jsonResponse(
          200,
          dataEnvelope(
            { checked: 2, raised: 0, cleared: 0, applied: 0, failed: 0 },
            'Checked 2 suppliers; 0 new alerts.',
          ),
        ),
    });
    const { user } = renderWithProviders(<SupplierAlertsPanel />);
    const row = await screen.findByRole('group', { name: noBackup.message });
    expect(within(row).queryByRole('button', { name: /Switch to backup/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check suppliers now' }));
    expect(await screen.findByText('Checked 2 suppliers; 0 new alerts.')).toBeInTheDocument();
    expect(api.sentTo('POST /suppliers/check')).toHaveLength(1);
  });
});

/** Two cells of the product table's health column: a product with open alerts, and one without. */
function HealthCells() {
  const health = useSupplierHealth();
  return (
    <>
      <div data-testid="mapped">{health(PRODUCT)}</div>
      <div data-testid="other">{health('another-product')}</div>
    </>
  );
}

describe('supplier health in the product table', () => {
  it('names the worst open alert of a product, and OK for a product without any', async () => {
    expect(
      worstAlert([alert('supplier.link_expiring'), alert('supplier.sku_gone'), alert('supplier.low_stock')])
        ?.kind,
    ).toBe('supplier.sku_gone');
    stubApi({
      'GET /suppliers/alerts': () =>
        jsonResponse(200, page([alert('supplier.low_stock'), alert('supplier.no_delivery')])),
    });
    renderWithProviders(<HealthCells />);
    expect(await within(screen.getByTestId('mapped')).findByText('No delivery')).toBeInTheDocument();
    expect(within(screen.getByTestId('other')).getByText('OK')).toBeInTheDocument();
  });
});

const suppliers = {
  productId: PRODUCT,
  title: 'Wireless Earbuds',
  currency: 'USD',
  countries: ['BD', 'US'],
  settings: { onFailure: 'ask', autoForward: null, lowStockThreshold: 5, marginFloorPercent: 10 },
  variants: [
    {
      skuId: '1200',
      label: 'Black',
      price: 18.99,
      stock: 10,
      hidden: false,
      ownItem: { aeProductId: '1005006218437795', aeSkuId: '1200' },
      suppliers: [
        {
          role: 'primary',
          shipToCountry: null,
          aeProductId: '1005006218437795',
          aeSkuId: '1200',
          aeSkuAttr: '14:193',
          supplierName: 'SOUNDPEATS Store',
          cost: 12.5,
          marginPercent: 34.2,
          stock: 120,
          deliversTo: ['BD', 'US'],
          linkExpiresAt: null,
          checkedAt: null,
        },
      ],
    },
    { skuId: '1300', label: 'White', price: 18.99, stock: 4, hidden: false, ownItem: null, suppliers: [] },
  ],
};

const item = {
  aeProductId: '1005006264390851',
  title: 'Earbuds Pro',
  supplierName: 'Baseus Store',
  currency: 'USD',
  countries: ['BD', 'US'],
  linkExpiresAt: null,
  skus: [
    {
      aeSkuId: '9001',
      aeSkuAttr: '14:193',
      label: 'Black',
      cost: 11.4,
      stock: 240,
      delivery: [
        {
          country: 'BD',
          available: true,
          fee: 2.5,
          minDays: 10,
          maxDays: 15,
          service: 'AliExpress Standard Shipping',
        },
        { country: 'US', available: false, fee: null, minDays: null, maxDays: null, service: null },
      ],
    },
  ],
};

describe('the product editor’s Suppliers section', () => {
  it('looks an item up by link, compares delivery per country, and saves it as the backup', async () => {
    const api = stubApi({
      [`GET /products/${PRODUCT}/suppliers`]: () => jsonResponse(200, dataEnvelope(suppliers)),
      'GET /suppliers/lookup': () => jsonResponse(200, dataEnvelope(item)),
      [`PUT /products/${PRODUCT}/suppliers`]: () =>
        jsonResponse(200, dataEnvelope(suppliers, 'Suppliers saved.')),
    });
    const { user } = renderWithProviders(<ProductSuppliersSection productId={PRODUCT} />);
    const table = await screen.findByRole('table', { name: 'Variant suppliers' });
    expect(within(table).getByText('$12.50')).toBeInTheDocument();
    expect(within(table).getByText('34.2%')).toBeInTheDocument();

    const link = 'https://www.aliexpress.com/item/1005006264390851.html';
    await user.type(screen.getByRole('textbox', { name: 'AliExpress item ID or link' }), link);
    await user.click(screen.getByRole('button', { name: 'Look Up' }));
    const skus = await screen.findByRole('table', { name: 'Supplier SKUs' });
    expect(within(skus).getByText('$2.50, 10–15 days')).toBeInTheDocument();
    expect(within(skus).getByText('No delivery')).toBeInTheDocument();
    expect(api.sentTo('GET /suppliers/lookup')[0]?.url.searchParams.get('ref')).toBe(link);

    await user.click(screen.getByRole('button', { name: 'Save supplier' }));
    expect(await screen.findByText('Supplier saved.')).toBeInTheDocument();
    expect(api.sentTo(`PUT /products/${PRODUCT}/suppliers`)[0]?.body).toEqual({
      rows: [
        {
          skuId: '1200',
          role: 'primary',
          shipToCountry: null,
          aeProductId: '1005006218437795',
          aeSkuId: '1200',
        },
        {
          skuId: '1200',
          role: 'backup',
          shipToCountry: null,
          aeProductId: '1005006264390851',
          aeSkuId: '9001',
        },
      ],
    });
  });

  it('saves the default decision and thresholds', async () => {
    const api = stubApi({
      [`GET /products/${PRODUCT}/suppliers`]: () => jsonResponse(200, dataEnvelope(suppliers)),
      [`PUT /products/${PRODUCT}/supplier-settings`]: () =>
        jsonResponse(200, dataEnvelope(suppliers, 'Supplier settings saved.')),
    });
    const { user } = renderWithProviders(<ProductSuppliersSection productId={PRODUCT} />);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'When a supplier fails' }),
      'switch_to_backup',
    );
    const floor = screen.getByRole('textbox', { name: 'Margin floor (%)' });
    // Emptied: the product follows the store's minimum margin.
    await user.clear(floor);
    await user.click(screen.getByRole('button', { name: 'Save supplier settings' }));
    await waitFor(() => expect(api.sentTo(`PUT /products/${PRODUCT}/supplier-settings`)).toHaveLength(1));
    expect(api.sentTo(`PUT /products/${PRODUCT}/supplier-settings`)[0]?.body).toMatchObject({
      marginFloorPercent: null,
    });
    await user.type(floor, '15');
    await user.click(screen.getByRole('button', { name: 'Save supplier settings' }));
    expect((await screen.findAllByText('Supplier settings saved.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(api.sentTo(`PUT /products/${PRODUCT}/supplier-settings`)).toHaveLength(2));
    expect(api.sentTo(`PUT /products/${PRODUCT}/supplier-settings`)[1]?.body).toEqual({
      onFailure: 'switch_to_backup',
      autoForward: null,
      lowStockThreshold: 5,
      marginFloorPercent: 15,
    });
  });
});
