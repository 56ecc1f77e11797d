import { List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});

function AboutPage() {
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>About Us</Title>
      <Text>
        Shop brings products from trusted suppliers around the world to your door. We deliver to 40+ countries
        and show prices in the currency you choose.
      </Text>

      <Stack gap="xs" component="section" aria-labelledby="terms-heading">
        <Title order={2} id="terms-heading">
          Terms and Conditions
        </Title>
        <List spacing="xs">
          <List.Item>An order is confirmed once it is placed and its items are reserved for you.</List.Item>
          <List.Item>Prices, shipping and tax are computed by the store when you place the order.</List.Item>
          <List.Item>
            Items can be returned within 7 calendar days of delivery; see Return &amp; Refund in your account.
          </List.Item>
        </List>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="privacy-heading">
        <Title order={2} id="privacy-heading">
          Privacy Policy
        </Title>
        <List spacing="xs">
          <List.Item>
            We keep your account details and orders only to deliver and support your purchases.
          </List.Item>
          <List.Item>Your sign-in is kept in this browser and ends when you log out.</List.Item>
          <List.Item>Your cart and store settings stay in this browser.</List.Item>
        </List>
      </Stack>
    </Stack>
  );
}
