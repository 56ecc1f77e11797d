import { Group, SimpleGrid, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useTranslation } from 'react-i18next';
import '../product-texts';

/** Spec §2: the product's attribute name/value pairs in two columns (names and values as the API gives them). */
export function ItemProperties({ properties }: { properties: Schemas['ProductProperty'][] }) {
  const { t } = useTranslation('product');
  if (properties.length === 0) return <Text c="dimmed">{t('noProperties')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
      {properties.map((property) => (
        <Group key={`${property.attr_name}:${property.attr_value}`} gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" c="dimmed" fz="sm" miw={140}>
            {property.attr_name}
          </Text>
          <Text component="dd" fz="sm" m={0}>
            {property.attr_value}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}
