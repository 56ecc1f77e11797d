import { ActionIcon, Badge, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../components/router-links';

const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: IconBrandFacebook },
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: IconBrandInstagram },
  { label: 'X', href: 'https://x.com/', icon: IconBrandX },
  { label: 'YouTube', href: 'https://www.youtube.com/', icon: IconBrandYoutube },
];

const PAYMENT_BRANDS = ['Visa', 'Mastercard', 'American Express', 'PayPal'];

export function SiteFooter() {
  const { t } = useTranslation('shell');
  return (
    <Box
      component="footer"
      mt="xl"
      py="xl"
      // Dark grey 6 rather than the hover grey (5): links and secondary text keep 4.5:1 on it.
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
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
              {t('brand')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('footer.promise')}
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
              {t('footer.information')}
            </Title>
            <AnchorLink to="/about" size="sm">
              {t('footer.about')}
            </AnchorLink>
            <AnchorLink to="/blog" size="sm">
              {t('marketing:footer.blog')}
            </AnchorLink>
            <AnchorLink to="/sell" size="sm">
              {t('sell.footerLink')}
            </AnchorLink>
            {/* The terms and the privacy notice are sections of the About page. */}
            <AnchorLink to="/about" size="sm">
              {t('footer.terms')}
            </AnchorLink>
            <AnchorLink to="/about" size="sm">
              {t('footer.privacy')}
            </AnchorLink>
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('footer.weAccept')}
            </Title>
            <Group
              gap="xs"
              component="ul"
              aria-label={t('footer.paymentMethods')}
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
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
