import { ActionIcon, Badge, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import {
  COMMON_PROPERTY_NAMES,
  emptyPropertyRow,
  isPropertyComplete,
  type PropertiesValues,
  type PropertySubmission,
} from './properties.schema';

type PropertiesForm = UseFormReturn<PropertiesValues, unknown, { properties: PropertySubmission[] }>;

/** Spec 1 §2.12 Properties step (also the import screen's properties editor): rows of attribute name and value. */
export function PropertiesEditor({ form }: { form: PropertiesForm }) {
  const { control } = form;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'properties' });
  const rows = useWatch({ control, name: 'properties' }) ?? [];
  const completeCount = rows.filter(isPropertyComplete).length;
  const listError = form.formState.errors.properties;
  const message = listError?.root?.message ?? listError?.message;

  function addCommonProperties() {
    const existing = new Set(rows.map((row) => row.attr_name.trim().toLowerCase()));
    const added = COMMON_PROPERTY_NAMES.filter((name) => !existing.has(name.toLowerCase())).map((name) => ({
      attr_name: name,
      attr_value: '',
    }));
    if (added.length === 0) return;
    const onlyAnEmptyRow =
      rows.length === 1 && rows[0]?.attr_name.trim() === '' && rows[0]?.attr_value.trim() === '';
    if (onlyAnEmptyRow) replace(added);
    else append(added);
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Badge variant="light" color={completeCount === rows.length ? 'teal' : 'gray'} size="lg">
          {`${completeCount} of ${rows.length} properties complete`}
        </Badge>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={addCommonProperties}>
            Add Common Properties
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => append(emptyPropertyRow())}
          >
            Add Property
          </Button>
        </Group>
      </Group>
      {message ? (
        <Text c="red" size="sm" role="alert">
          {message}
        </Text>
      ) : null}
      {fields.map((field, index) => {
        const row = rows[index];
        const complete = row ? isPropertyComplete(row) : false;
        return (
          <Fieldset key={field.id} legend={`Property ${index + 1}`} variant="filled">
            {/* On a phone the two fields stack and the row's state and removal go under them. */}
            <Group align="flex-end">
              <Controller
                control={control}
                name={`properties.${index}.attr_name`}
                render={({ field: input }) => (
                  <TextInput
                    {...input}
                    label="Attribute Name"
                    placeholder="e.g. Material"
                    style={{ flex: '1 1 12rem' }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`properties.${index}.attr_value`}
                render={({ field: input }) => (
                  <TextInput
                    {...input}
                    label="Attribute Value"
                    placeholder="e.g. Cotton"
                    style={{ flex: '1 1 12rem' }}
                  />
                )}
              />
              <Group gap="md" wrap="nowrap" align="flex-end" ml="auto">
                <Badge variant="light" color={complete ? 'teal' : 'gray'} mb={6}>
                  {complete ? 'Complete' : 'Incomplete'}
                </Badge>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={`Remove property ${index + 1}`}
                  // Spec 1 §2.12: at least one row always remains.
                  disabled={fields.length <= 1}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
