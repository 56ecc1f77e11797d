import { MantineProvider } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSectionForm } from './use-section-form';
import { validated } from './validated';
import { skusFromVariants } from './variants';
import { emptyVariants, type VariantsValues, variantsSchema } from './variants.schema';
import { VariantsEditor } from './variants-editor';

function Harness({
  onSave,
  defaults = emptyVariants(),
}: {
  onSave: (skus: Schemas['Sku'][]) => void;
  defaults?: VariantsValues;
}) {
  const form = useSectionForm(variantsSchema, defaults, 'blur');
  return (
    <MantineProvider>
      <VariantsEditor
        form={form}
        skuPrefix="Tee"
        images={[{ url: 'https://cdn.test/red.jpg', name: 'red.jpg' }]}
      />
      <button
        type="button"
        onClick={async () => {
          const output = await validated(form);
          if (output) onSave(skusFromVariants(output.options, output.variants, 'USD'));
        }}
      >
        Save
      </button>
    </MantineProvider>
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function addOption(user: User, name: string, values: string[]) {
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  const groups = screen.getAllByRole('group', { name: /^Option \d+$/ });
  const option = within(groups.at(-1) as HTMLElement);
  await user.type(option.getByLabelText('Option name'), name);
  for (const value of values)
    await user.type(option.getByRole('combobox', { name: 'Values' }), `${value}{Enter}`);
}

const rowHeaders = () =>
  within(screen.getByRole('table', { name: 'Variants' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('VariantsEditor', { timeout: 20_000 }, () => {
  it('starts as a single variant with price, stock and SKU code', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSave={onSave} />);
    expect(screen.queryByRole('table', { name: 'Variants' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Stock/)).toHaveValue('0');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price is required.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Price/), '9.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({
        sku_id: 'SKU',
        offer_sale_price: '9.5',
        sku_price: '9.5',
        sku_available_stock: 0,
        ae_sku_property_dtos: { ae_sku_property_d_t_o: [] },
      }),
    ]);
  });

  it('makes a row per combination of Color and Size and saves them by name', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSave={onSave} />);

    await addOption(user, 'Color', ['Red', 'Blue']);
    await addOption(user, 'Size', ['S', 'M']);

    expect(rowHeaders()).toEqual(['Red / S', 'Red / M', 'Blue / S', 'Blue / M']);
    expect(screen.getByLabelText('SKU Code (Blue / M)')).toHaveValue('TEE-BLUE-M');
    for (const [index, label] of ['Red / S', 'Red / M', 'Blue / S', 'Blue / M'].entries()) {
      await user.type(screen.getByLabelText(`Price (${label})`), `1${index}.00`);
    }
    await user.type(screen.getByLabelText('Compare-at Price (Red / S)'), '15');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledTimes(1);
    const skus = onSave.mock.calls[0]?.[0] as Schemas['Sku'][];
    expect(skus).toHaveLength(4);
    expect(
      skus.map((sku) =>
        sku.ae_sku_property_dtos?.ae_sku_property_d_t_o
          .map((p) => `${p.sku_property_name}=${p.property_value_definition_name}`)
          .join(' '),
      ),
    ).toEqual(['Color=Red Size=S', 'Color=Red Size=M', 'Color=Blue Size=S', 'Color=Blue Size=M']);
    expect(skus.map((sku) => [sku.sku_id, sku.offer_sale_price, sku.sku_price])).toEqual([
      ['TEE-RED-S', '10.00', '15'],
      ['TEE-RED-M', '11.00', '11.00'],
      ['TEE-BLUE-S', '12.00', '12.00'],
      ['TEE-BLUE-M', '13.00', '13.00'],
    ]);
  });

  it('removes the rows of a removed value and keeps what was typed when a value is added', async () => {
    const user = userEvent.setup();
    render(<Harness onSave={vi.fn()} />);
    await addOption(user, 'Color', ['Red', 'Blue']);
    await user.type(screen.getByLabelText('Price (Red)'), '10');
    await user.type(screen.getByLabelText('Price (Blue)'), '12');

    const color = within(screen.getByRole('group', { name: 'Option 1' }));
    // The pill's remove button is hidden from assistive technology (Backspace removes a value there).
    const redPill = color.getByText('Red').closest('.mantine-Pill-root');
    await user.click(redPill?.querySelector('button') as HTMLElement);
    await user.type(color.getByRole('combobox', { name: 'Values' }), 'Green{Enter}');

    expect(rowHeaders()).toEqual(['Blue', 'Green']);
    expect(screen.getByLabelText('Price (Blue)')).toHaveValue('12');
    expect(screen.getByLabelText('Price (Green)')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    // Without options the product is one variant again, keeping a price that was typed.
    expect(screen.queryByRole('table', { name: 'Variants' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Price/)).toHaveValue('12');
  });

  it('asks for the values of a named option before saving', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSave={onSave} />);
    await addOption(user, 'Material', []);
    await user.type(screen.getByLabelText(/^Price/), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one value for Material.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
