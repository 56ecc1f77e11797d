import {
  Anchor,
  Badge,
  Button,
  Card,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconBrandAlipay, IconBuilding, IconPencil, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type ProductSource, productSources } from '../product-sources';

// Spec 1 §9: the chosen card stays highlighted this long before the next screen opens.
const SOURCE_NAVIGATION_DELAY_MS = 300;

// The store's support mailbox (the demo data's support account).
const SUPPORT_EMAIL = 'support@example.com';

const icons: Record<ProductSource['key'], ReactNode> = {
  manual: <IconPencil size={28} aria-hidden />,
  aliexpress: <IconBrandAlipay size={28} aria-hidden />,
  factory: <IconBuilding size={28} aria-hidden />,
  vendor: <IconUsers size={28} aria-hidden />,
};

/** Spec 1 §2.10: four source cards; a click highlights the card, then its screen opens after 300 ms. */
export function SourceChooser() {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<ProductSource['key'] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function choose(source: ProductSource) {
    setSelected(source.key);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void navigate({ to: source.to }), SOURCE_NAVIGATION_DELAY_MS);
  }

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/manage-admin/products" size="sm">
        <IconArrowLeft size={14} aria-hidden /> Back to Products
      </Anchor>
      <Stack gap={4}>
        <Title order={2}>Create New Product</Title>
        <Text c="dimmed">Choose how the product enters your catalogue.</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {productSources.map((source) => {
          const isSelected = selected === source.key;
          return (
            <Card
              key={source.key}
              withBorder
              padding="lg"
              data-selected={isSelected || undefined}
              onClick={() => choose(source)}
              style={{
                cursor: 'pointer',
                borderColor: isSelected ? 'var(--mantine-primary-color-filled)' : undefined,
                boxShadow: isSelected ? '0 0 0 2px var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Stack gap="sm">
                {icons[source.key]}
                {/* The title is the card's button (keyboard and screen readers); its click bubbles to the card. */}
                <UnstyledButton
                  aria-pressed={isSelected}
                  aria-describedby={`source-${source.key}-description`}
                >
                  <Title order={3} size="h4">
                    {source.title}
                  </Title>
                </UnstyledButton>
                <Text size="sm" c="dimmed" id={`source-${source.key}-description`}>
                  {source.description}
                </Text>
                <List size="sm" spacing={4}>
                  {source.features.map((feature) => (
                    <List.Item key={feature}>{feature}</List.Item>
                  ))}
                </List>
                {/* A sentence, not a tag: it wraps inside the card instead of being cut at the badge's one line. */}
                <Badge
                  variant="light"
                  size="lg"
                  radius="md"
                  h="auto"
                  py={4}
                  maw="100%"
                  style={{ textTransform: 'none' }}
                  styles={{ label: { whiteSpace: 'normal' } }}
                >
                  {source.bestFor}
                </Badge>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>

      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Title order={3} size="h4">
            Which source should I choose?
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>Selling a product you make or stock yourself: choose Manual Creation.</List.Item>
            <List.Item>
              Dropshipping from AliExpress: choose AliExpress Import and paste the product ID from the item's
              address (the digits before .html).
            </List.Item>
            <List.Item>Listing a factory partner's product for D2C orders: choose Factory Direct.</List.Item>
            <List.Item>Entering a product for one of your vendors: choose Vendor Upload.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Still unsure? Our support team can help.
          </Text>
          <div>
            <Button component="a" href={`mailto:${SUPPORT_EMAIL}`} variant="light">
              Contact Support
            </Button>
          </div>
        </Stack>
      </Paper>
    </Stack>
  );
}
