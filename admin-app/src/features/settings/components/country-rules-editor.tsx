import { ActionIcon, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { NumberField, SelectField, TextField } from '@shop/ui/form-fields';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type Control, type FieldArray, useFieldArray, useWatch } from 'react-hook-form';
import { COUNTRY_OPTIONS, countryName } from '../lib/country-options';
import type { SettingsInput, SettingsValues } from '../schemas/store-settings.schema';

export type SettingsControl = Control<SettingsInput, unknown, SettingsValues>;

/** The settings' lists of per-country rules. */
type RulesName = 'taxRules' | 'dutyRules';

/** As many rules as the server keeps. */
const MAX_RULES = 50;

/** One column of a rule's row after its country: its header and the input of row `index`. */
interface RuleColumn {
  header: string;
  width?: number;
  cell: (index: number) => ReactNode;
}

interface CountryRulesEditorProps<Name extends RulesName> {
  control: SettingsControl;
  name: Name;
  /** The section's heading id. */
  id: string;
  title: string;
  description: ReactNode;
  emptyText: string;
  tableLabel: string;
  minWidth: number;
  columns: RuleColumn[];
  /** How a row is named to screen readers: "the Spain rule", else "rule 2". */
  ruleNoun: string;
  addLabel: string;
  newRule: () => FieldArray<SettingsInput, Name>;
}

/** A section of System Settings that keeps one rule per ship-to country, in a table staff add rows to. */
export function CountryRulesEditor<Name extends RulesName>({
  control,
  name,
  id,
  title,
  description,
  emptyText,
  tableLabel,
  minWidth,
  columns,
  ruleNoun,
  addLabel,
  newRule,
}: CountryRulesEditorProps<Name>) {
  const { fields, append, remove } = useFieldArray({ control, name });
  // Widened to both lists so that a row's paths type-check without knowing which list this is.
  const rulesName: RulesName = name;
  const rules = useWatch({ control, name: rulesName });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={3} fz="h4" id={id} mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      {fields.length === 0 ? (
        <Text size="sm" mb="sm">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth} mb="sm">
          <Table aria-label={tableLabel} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Country</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field, index) => {
                const country = rules[index]?.country;
                const ruleName = country
                  ? `the ${countryName(country)} ${ruleNoun}`
                  : `${ruleNoun} ${index + 1}`;
                return (
                  <Table.Tr key={field.id}>
                    <Table.Td miw={220}>
                      <SelectField
                        control={control}
                        name={`${rulesName}.${index}.country`}
                        aria-label="Country"
                        placeholder="Choose a country"
                        data={COUNTRY_OPTIONS}
                        allowDeselect={false}
                        searchable
                      />
                    </Table.Td>
                    {columns.map((column) => (
                      <Table.Td key={column.header} w={column.width}>
                        {column.cell(index)}
                      </Table.Td>
                    ))}
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
          onClick={() => append(newRule())}
        >
          {addLabel}
        </Button>
      </Group>
    </Paper>
  );
}

/** The rate every country rule has: a percentage with at most two decimals. */
export const rateColumn = (control: SettingsControl, name: RulesName, width: number): RuleColumn => ({
  header: 'Rate (%)',
  width,
  cell: (index) => (
    <NumberField
      control={control}
      name={`${name}.${index}.rate`}
      aria-label="Rate (%)"
      min={0}
      max={100}
      decimalScale={2}
      step={0.01}
    />
  ),
});

/** The name every country rule is shown to shoppers under. */
export const labelColumn = (
  control: SettingsControl,
  name: RulesName,
  { width, placeholder, maxLength }: { width: number; placeholder: string; maxLength: number },
): RuleColumn => ({
  header: 'Label',
  width,
  cell: (index) => (
    <TextField
      control={control}
      name={`${name}.${index}.label`}
      aria-label="Label"
      placeholder={placeholder}
      maxLength={maxLength}
    />
  ),
});
