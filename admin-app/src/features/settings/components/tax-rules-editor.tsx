import { SwitchField } from '@shop/ui/form-fields';
import { newTaxRule } from '../schemas/store-settings.schema';
import { CountryRulesEditor, labelColumn, rateColumn, type SettingsControl } from './country-rules-editor';

/** System Settings' Tax by country: one rule per ship-to country, its tax included in shown prices or added. */
export function TaxRulesEditor({ control }: { control: SettingsControl }) {
  return (
    <CountryRulesEditor
      control={control}
      name="taxRules"
      id="settings-tax-rules"
      title="Tax by country"
      description={
        <>
          Countries without a rule pay the default Tax Rate, added at checkout. A rule included in prices is
          already in the prices shoppers of that country see (shown as "Incl. 21% IVA"); otherwise it is added
          at checkout.
        </>
      }
      emptyText="No country rules yet."
      tableLabel="Tax rules"
      minWidth={640}
      columns={[
        rateColumn(control, 'taxRules', 120),
        {
          header: 'Included in prices',
          cell: (index) => (
            <SwitchField
              control={control}
              name={`taxRules.${index}.inclusive`}
              aria-label="Included in prices"
            />
          ),
        },
        labelColumn(control, 'taxRules', { width: 140, placeholder: 'VAT', maxLength: 20 }),
      ]}
      ruleNoun="rule"
      addLabel="Add Country"
      newRule={newTaxRule}
    />
  );
}
