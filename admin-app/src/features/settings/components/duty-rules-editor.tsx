import { ActionIcon, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { NumberField, SelectField, TextField } from '@shop/ui/form-fields';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { COUNTRY_OPTIONS, countryName } from '../lib/country-options';
import { newDutyRule, type SettingsInput, type SettingsValues } from '../schemas/store-settings.schema';

type SettingsControl = Control<SettingsInput, unknown, SettingsValues>;

/** As many rules as the server keeps. */
const MAX_RULES = 50;

const BASIS_OPTIONS = [
  { value: 'goods', label: 'Goods only' },
  { value: 'goods_and_delivery', label: 'Goods + delivery' },
];

/**
 * System Settings' Import duty by country: the product page's landed cost and checkout charge it to shoppers of
 * that country, under its label, on goods worth at least the de minimis.
 */
export function DutyRulesEditor({ control }: { control: SettingsControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'dutyRules' });
  const rules = useWatch({ control, name: 'dutyRules' });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-duty-rules">
      <Title order={3} fz="h4" id="settings-duty-rules" mb={4}>
        Import duty by country
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Countries without a rule pay no duty. A rule charges its rate on the goods (or the goods and the
        delivery) when the goods are worth at least its de minimis in USD; the product page shows it in the
        total cost and checkout charges it as its own line.
      </Text>
      {fields.length === 0 ? (
        <Text size="sm" mb="sm">
          No duty rules yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760} mb="sm">
          <Table aria-label="Duty rules" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Country</Table.Th>
                <Table.Th>Rate (%)</Table.Th>
                <Table.Th>De minimis (USD)</Table.Th>
                <Table.Th>Charged on</Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field, index) => {
                const country = rules[index]?.country;
                const ruleName = country ? `the ${countryName(country)} duty rule` : `duty rule ${index + 1}`;
                return (
                  <Table.Tr key={field.id}>
                    <Table.Td miw={220}>
                      <SelectField
                        control={control}
                        name={`dutyRules.${index}.country`}
                        aria-label="Country"
                        placeholder="Choose a country"
                        data={COUNTRY_OPTIONS}
                        allowDeselect={false}
                        searchable
                      />
                    </Table.Td>
                    <Table.Td w={110}>
                      <NumberField
                        control={control}
                        name={`dutyRules.${index}.rate`}
                        aria-label="Rate (%)"
                        min={0}
                        max={100}
                        decimalScale={2}
                        step={0.01}
                      />
                    </Table.Td>
                    <Table.Td w={140}>
                      <NumberField
                        control={control}
                        name={`dutyRules.${index}.deMinimis`}
                        aria-label="De minimis (USD)"
                        min={0}
                        decimalScale={2}
                        step={0.01}
                      />
                    </Table.Td>
                    <Table.Td w={180}>
                      <SelectField
                        control={control}
                        name={`dutyRules.${index}.basis`}
                        aria-label="Charged on"
                        data={BASIS_OPTIONS}
                        allowDeselect={false}
                      />
                    </Table.Td>
                    <Table.Td w={160}>
                      <TextField
                        control={control}
                        name={`dutyRules.${index}.label`}
                        aria-label="Label"
                        placeholder="Import duty"
                        maxLength={30}
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
          onClick={() => append(newDutyRule())}
        >
          Add Duty Rule
        </Button>
      </Group>
    </Paper>
  );
}
