import { ActionIcon, Badge, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { AnchorLink } from '../../components/router-links';

const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: IconBrandFacebook },
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: IconBrandInstagram },
  { label: 'X', href: 'https://x.com/', icon: IconBrandX },
  { label: 'YouTube', href: 'https://www.youtube.com/', icon: IconBrandYoutube },
];

const PAYMENT_BRANDS = ['Visa', 'Mastercard', 'American Express', 'PayPal'];

export function SiteFooter() {
  return (
    <Box
      component="footer"
      mt="xl"
      py="xl"
      bg="var(--mantine-color-default-hover)"
      // Below the fold on most pages: the browser lays it out and paints it when it is scrolled near.
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 320px',
      }}
    >
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Shop
            </Title>
            <Text size="sm" c="dimmed">
              We deliver to 40+ countries.
            </Text>
            <Group gap="xs">
              {SOCIAL_LINKS.map(({ label, href, icon: Icon }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  aria-label={label}
                >
                  <Icon size={20} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Information
            </Title>
            <AnchorLink to="/about" size="sm">
              About Us
            </AnchorLink>
            {/* The terms and the privacy notice are sections of the About page. */}
            <AnchorLink to="/about" size="sm">
              Terms and Conditions
            </AnchorLink>
            <AnchorLink to="/about" size="sm">
              Privacy Policy
            </AnchorLink>
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              We accept
            </Title>
            <Group
              gap="xs"
              component="ul"
              aria-label="Payment methods"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {PAYMENT_BRANDS.map((brand) => (
                <Badge key={brand} component="li" variant="outline" color="gray" size="lg" radius="sm">
                  {brand}
                </Badge>
              ))}
            </Group>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" ta="center" mt="xl">
          © {new Date().getFullYear()} Shop. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
