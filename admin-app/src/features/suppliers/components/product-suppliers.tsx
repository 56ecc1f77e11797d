import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { useReplaceSuppliers, useUpdateSupplierSettings } from '../api/suppliers.mutations';
import { supplierQueries } from '../api/suppliers.queries';

type ProductSuppliers = Schemas['ProductSuppliersEnvelope']['data'];
type SupplierItem = Schemas['SupplierItem'];
type Settings = Schemas['SupplierSettings'];
type Row = Schemas['SupplierRowInput'];

const ROLE_CHOICES = [
  { value: 'primary', label: 'Primary' },
  { value: 'backup', label: 'Backup' },
  { value: 'country', label: 'For one country' },
];
const FAILURE_CHOICES = [
  { value: 'ask', label: 'Ask me (alert)' },
  { value: 'switch_to_backup', label: 'Switch to the backup' },
  { value: 'hide_variant', label: 'Hide the variant' },
  { value: 'zero_stock', label: 'Set stock to 0' },
];
const AUTO_FORWARD_CHOICES = [
  { value: 'store', label: 'Store default' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

/** A product's supplier rows as the replace operation takes them. */
function rowsOf(data: ProductSuppliers): Row[] {
  return data.variants.flatMap((variant) =>
    variant.suppliers.map((s) => ({
      skuId: variant.skuId,
      role: s.role,
      shipToCountry: s.shipToCountry,
      aeProductId: s.aeProductId,
      aeSkuId: s.aeSkuId,
    })),
  );
}

/** The product editor's Suppliers section: who supplies each variant, the mapping tool, and the settings. */
export function ProductSuppliersSection({ productId }: { productId: string }) {
  const query = useQuery(supplierQueries.product(productId));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="suppliers-title">
      <Title order={2} fz="h4" id="suppliers-title" mb="sm">
        Suppliers
      </Title>
      {query.isError ? (
        <Text role="alert">{errorMessage(query.error, 'The suppliers could not be loaded.')}</Text>
      ) : !query.data ? (
        <Text c="dimmed">Loading suppliers...</Text>
      ) : (
        <Stack gap="lg">
          <SupplierTable data={query.data.data} />
          <SupplierMapper data={query.data.data} />
          <SupplierSettingsForm key={JSON.stringify(query.data.data.settings)} data={query.data.data} />
        </Stack>
      )}
    </Paper>
  );
}

function SupplierTable({ data }: { data: ProductSuppliers }) {
  const replace = useReplaceSuppliers();
  const remove = async (index: number) => {
    const rows = rowsOf(data).filter((_, i) => i !== index);
    try {
      await replace.mutateAsync({ params: { path: { id: data.productId } }, body: { rows } });
      toast.success('Supplier removed.');
    } catch (error) {
      toast.error(errorMessage(error, 'The supplier could not be removed.'));
    }
  };
  let index = -1;
  return (
    <Table aria-label="Variant suppliers" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Variant</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Supplier SKU</Table.Th>
          <Table.Th>Cost ({data.currency})</Table.Th>
          <Table.Th>Margin</Table.Th>
          <Table.Th>Stock</Table.Th>
          <Table.Th>Delivers to</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.variants.map((variant) =>
          variant.suppliers.length === 0 ? (
            <Table.Tr key={variant.skuId}>
              <Table.Td>{variant.label}</Table.Td>
              <Table.Td colSpan={7}>
                <Text size="sm" c="dimmed">
                  {variant.ownItem ? 'Its own AliExpress SKU (no backup)' : 'No supplier'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            variant.suppliers.map((supplier) => {
              index += 1;
              const at = index;
              const role = supplier.shipToCountry
                ? `${supplier.role === 'primary' ? 'Primary' : 'Backup'} for ${supplier.shipToCountry}`
                : supplier.role === 'primary'
                  ? 'Primary'
                  : 'Backup';
              return (
                <Table.Tr key={`${variant.skuId}-${supplier.role}-${supplier.shipToCountry ?? ''}`}>
                  <Table.Td>{variant.label}</Table.Td>
                  <Table.Td>{role}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {supplier.aeProductId} / {supplier.aeSkuId}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {supplier.supplierName ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {supplier.cost === null ? '—' : formatMoney(supplier.cost, data.currency)}
                  </Table.Td>
                  <Table.Td>{supplier.marginPercent === null ? '—' : `${supplier.marginPercent}%`}</Table.Td>
                  <Table.Td>{supplier.stock ?? '—'}</Table.Td>
                  <Table.Td>{supplier.deliversTo.length > 0 ? supplier.deliversTo.join(', ') : '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={replace.isPending}
                      onClick={() => void remove(at)}
                      aria-label={`Remove ${role} of ${variant.label}`}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })
          ),
        )}
      </Table.Tbody>
    </Table>
  );
}

function SupplierMapper({ data }: { data: ProductSuppliers }) {
  const [ref, setRef] = useState('');
  const [item, setItem] = useState<SupplierItem | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [variant, setVariant] = useState(data.variants[0]?.skuId ?? '');
  const [role, setRole] = useState('backup');
  const [country, setCountry] = useState(data.countries[0] ?? '');
  const replace = useReplaceSuppliers();

  const lookUp = async () => {
    if (!ref.trim()) {
      setLookupError('Enter an AliExpress item id or link.');
      return;
    }
    setLooking(true);
    setLookupError(null);
    try {
      const { data: answer, error } = await api.GET('/suppliers/lookup', {
        params: { query: { ref: ref.trim() } },
      });
      if (error !== undefined || !answer) throw error;
      setItem(answer.data);
      setPicked(answer.data.skus[0]?.aeSkuId ?? null);
    } catch (error) {
      setItem(null);
      setLookupError(errorMessage(error, 'The item could not be looked up.'));
    } finally {
      setLooking(false);
    }
  };

  const save = async () => {
    if (!item || !picked) return;
    const shipToCountry = role === 'country' ? country.trim().toUpperCase() : null;
    const newRole = role === 'country' ? 'primary' : (role as 'primary' | 'backup');
    const rows = rowsOf(data).filter(
      (row) =>
        !(row.skuId === variant && row.role === newRole && (row.shipToCountry ?? null) === shipToCountry),
    );
    rows.push({
      skuId: variant,
      role: newRole,
      shipToCountry,
      aeProductId: item.aeProductId,
      aeSkuId: picked,
    });
    try {
      await replace.mutateAsync({ params: { path: { id: data.productId } }, body: { rows } });
      toast.success('Supplier saved.');
      setItem(null);
      setRef('');
    } catch (error) {
      toast.error(errorMessage(error, 'The supplier could not be saved.'));
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        Map a supplier
      </Title>
      <Group align="flex-end">
        <TextInput
          label="AliExpress item ID or link"
          value={ref}
          onChange={(event) => setRef(event.currentTarget.value)}
          error={lookupError}
          style={{ flex: 1 }}
        />
        <Button onClick={() => void lookUp()} loading={looking}>
          Look Up
        </Button>
      </Group>
      {item && (
        <>
          <Text fw={500}>
            {item.title} ({item.supplierName})
          </Text>
          <Radio.Group value={picked} onChange={setPicked} label="Supplier SKU">
            <Table aria-label="Supplier SKUs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Cost ({item.currency})</Table.Th>
                  <Table.Th>Stock</Table.Th>
                  {item.countries.map((c) => (
                    <Table.Th key={c}>Delivery to {c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {item.skus.map((sku) => (
                  <Table.Tr key={sku.aeSkuId}>
                    <Table.Td>
                      <Radio value={sku.aeSkuId} label={`${sku.label} (${sku.aeSkuId})`} />
                    </Table.Td>
                    <Table.Td>{sku.cost === null ? '—' : formatMoney(sku.cost, item.currency)}</Table.Td>
                    <Table.Td>{sku.stock}</Table.Td>
                    {sku.delivery.map((d) => (
                      <Table.Td key={d.country}>
                        {d.available
                          ? `${d.fee === null ? '—' : formatMoney(d.fee, item.currency)}, ${d.minDays}–${d.maxDays} days`
                          : 'No delivery'}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Radio.Group>
          <Group align="flex-end">
            <NativeSelect
              label="Variant"
              value={variant}
              onChange={(event) => setVariant(event.currentTarget.value)}
              data={data.variants.map((v) => ({ value: v.skuId, label: v.label }))}
            />
            <NativeSelect
              label="Use as"
              value={role}
              onChange={(event) => setRole(event.currentTarget.value)}
              data={ROLE_CHOICES}
            />
            {role === 'country' && (
              <TextInput
                label="Country"
                value={country}
                maxLength={2}
                onChange={(event) => setCountry(event.currentTarget.value)}
              />
            )}
            <Button onClick={() => void save()} loading={replace.isPending} disabled={!picked}>
              Save supplier
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function SupplierSettingsForm({ data }: { data: ProductSuppliers }) {
  const [settings, setSettings] = useState<Settings>(data.settings);
  const update = useUpdateSupplierSettings();
  const save = async () => {
    try {
      await update.mutateAsync({ params: { path: { id: data.productId } }, body: settings });
      toast.success('Supplier settings saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'The supplier settings could not be saved.'));
    }
  };
  const autoForward = settings.autoForward === null ? 'store' : settings.autoForward ? 'on' : 'off';
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        Supplier settings
      </Title>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="When a supplier fails"
          value={settings.onFailure}
          onChange={(event) =>
            setSettings({ ...settings, onFailure: event.currentTarget.value as Settings['onFailure'] })
          }
          data={FAILURE_CHOICES}
        />
        <NumberInput
          label="Low-stock alert below"
          value={settings.lowStockThreshold}
          min={0}
          allowDecimal={false}
          onChange={(value) => setSettings({ ...settings, lowStockThreshold: Number(value) || 0 })}
        />
        <NumberInput
          label="Margin floor (%)"
          description="Over the supplier's cost; empty follows the store's minimum margin (Pricing Rules)."
          value={settings.marginFloorPercent ?? ''}
          min={0}
          max={1000}
          allowDecimal={false}
          onChange={(value) =>
            setSettings({ ...settings, marginFloorPercent: value === '' ? null : Number(value) || 0 })
          }
        />
        <NativeSelect
          label="Forward paid orders automatically"
          value={autoForward}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setSettings({ ...settings, autoForward: value === 'store' ? null : value === 'on' });
          }}
          data={AUTO_FORWARD_CHOICES}
        />
        <Button onClick={() => void save()} loading={update.isPending}>
          Save supplier settings
        </Button>
      </Group>
    </Stack>
  );
}
