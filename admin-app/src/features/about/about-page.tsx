import { List, Stack, Text, Title } from '@mantine/core';

/** Static text about the product (spec 1 §1). */
export function AboutPage() {
  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>About</Title>
      <Text>
        The back office lets store administrators and staff run an e-commerce store. The store sells through
        several channels: products dropshipped from a third-party marketplace (AliExpress), consumer orders
        (B2C), factory-to-customer orders (Domestic D2C) and vendor orders.
      </Text>
      <Text>From here administrators manage:</Text>
      <List spacing={4}>
        <List.Item>products, orders, refunds and disputes;</List.Item>
        <List.Item>shipping and courier integration;</List.Item>
        <List.Item>users, admins and roles;</List.Item>
        <List.Item>campaigns, marketing content and media files;</List.Item>
        <List.Item>analytics, backups, pricing and profit rules, and system settings.</List.Item>
      </List>
      <Text c="dimmed" size="sm">
        The same API also serves the customer storefront and the vendor panel.
      </Text>
    </Stack>
  );
}
