import { ActionIcon, Button, Group, Paper, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { NumberField, SelectField, TextField } from '@shop/ui/form-fields';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, useFieldArray, useWatch } from 'react-hook-form';
import { COUNTRY_OPTIONS, countryName } from '../lib/country-options';
import { newTaxRule, type SettingsInput, type SettingsValues } from '../schemas/store-settings.schema';

type SettingsControl = Control<SettingsInput, unknown, SettingsValues>;

/** As many rules as the server keeps. */
const MAX_RULES = 50;

/** System Settings' Tax by country: one rule per ship-to country, its tax included in shown prices or added. */
export function TaxRulesEditor({ control }: { control: SettingsControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'taxRules' });
  const rules = useWatch({ control, name: 'taxRules' });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-tax-rules">
      <Title order={3} fz="h4" id="settings-tax-rules" mb={4}>
        Tax by country
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Countries without a rule pay the default Tax Rate, added at checkout. A rule included in prices is
        already in the prices shoppers of that country see (shown as "Incl. 21% IVA"); otherwise it is added
        at checkout.
      </Text>
      {fields.length === 0 ? (
        <Text size="sm" mb="sm">
          No country rules yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} mb="sm">
          <Table aria-label="Tax rules" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Country</Table.Th>
                <Table.Th>Rate (%)</Table.Th>
                <Table.Th>Included in prices</Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field, index) => {
                const country = rules[index]?.country;
                const ruleName = country ? `the ${countryName(country)} rule` : `rule ${index + 1}`;
                return (
                  <Table.Tr key={field.id}>
                    <Table.Td miw={220}>
                      <SelectField
                        control={control}
                        name={`taxRules.${index}.country`}
                        aria-label="Country"
                        placeholder="Choose a country"
                        data={COUNTRY_OPTIONS}
                        allowDeselect={false}
                        searchable
                      />
                    </Table.Td>
                    <Table.Td w={120}>
                      <NumberField
                        control={control}
                        name={`taxRules.${index}.rate`}
                        aria-label="Rate (%)"
                        min={0}
                        max={100}
                        decimalScale={2}
                        step={0.01}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`taxRules.${index}.inclusive`}
                        render={({ field: inclusive }) => (
                          <Switch
                            ref={inclusive.ref}
                            name={inclusive.name}
                            checked={inclusive.value}
                            onChange={(event) => inclusive.onChange(event.currentTarget.checked)}
                            onBlur={inclusive.onBlur}
                            aria-label="Included in prices"
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td w={140}>
                      <TextField
                        control={control}
                        name={`taxRules.${index}.label`}
                        aria-label="Label"
                        placeholder="VAT"
                        maxLength={20}
                      />
                    </Table.Td>
                    <Table.Td w={48}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${ruleName}`}
                        onClick={() => remove(index)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={fields.length >= MAX_RULES}
          onClick={() => append(newTaxRule())}
        >
          Add Country
        </Button>
      </Group>
    </Paper>
  );
}
