import { List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});

const TERMS = ['confirmed', 'prices', 'returns'] as const;
const PRIVACY = ['account', 'signIn', 'browser'] as const;

function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>

      <Stack gap="xs" component="section" aria-labelledby="terms-heading">
        <Title order={2} id="terms-heading">
          {t('terms.title')}
        </Title>
        <List spacing="xs">
          {TERMS.map((key) => (
            <List.Item key={key}>{t(`terms.${key}`)}</List.Item>
          ))}
        </List>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="privacy-heading">
        <Title order={2} id="privacy-heading">
          {t('privacy.title')}
        </Title>
        <List spacing="xs">
          {PRIVACY.map((key) => (
            <List.Item key={key}>{t(`privacy.${key}`)}</List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
