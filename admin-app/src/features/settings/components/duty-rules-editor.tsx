import { NumberField, SelectField } from '@shop/ui/form-fields';
import { newDutyRule } from '../schemas/store-settings.schema';
import { CountryRulesEditor, labelColumn, rateColumn, type SettingsControl } from './country-rules-editor';

const BASIS_OPTIONS = [
  { value: 'goods', label: 'Goods only' },
  { value: 'goods_and_delivery', label: 'Goods + delivery' },
];

/**
 * System Settings' Import duty by country: the product page's landed cost and checkout charge it to shoppers of
 * that country, under its label, on goods worth at least the de minimis.
 */
export function DutyRulesEditor({ control }: { control: SettingsControl }) {
  return (
    <CountryRulesEditor
      control={control}
      name="dutyRules"
      id="settings-duty-rules"
      title="Import duty by country"
      description={
        <>
          Countries without a rule pay no duty. A rule charges its rate on the goods (or the goods and the
          delivery) when the goods are worth at least its de minimis in USD; the product page shows it in the
          total cost and checkout charges it as its own line.
        </>
      }
      emptyText="No duty rules yet."
      tableLabel="Duty rules"
      minWidth={760}
      columns={[
        rateColumn(control, 'dutyRules', 110),
        {
          header: 'De minimis (USD)',
          width: 140,
          cell: (index) => (
            <NumberField
              control={control}
              name={`dutyRules.${index}.deMinimis`}
              aria-label="De minimis (USD)"
              min={0}
              decimalScale={2}
              step={0.01}
            />
          ),
        },
        {
          header: 'Charged on',
          width: 180,
          cell: (index) => (
            <SelectField
              control={control}
              name={`dutyRules.${index}.basis`}
              aria-label="Charged on"
              data={BASIS_OPTIONS}
              allowDeselect={false}
            />
          ),
        },
        labelColumn(control, 'dutyRules', { width: 160, placeholder: 'Import duty', maxLength: 30 }),
      ]}
      ruleNoun="duty rule"
      addLabel="Add Duty Rule"
      newRule={newDutyRule}
    />
  );
}
