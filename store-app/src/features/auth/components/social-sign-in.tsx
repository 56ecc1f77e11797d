import { Button, Divider, SimpleGrid } from '@mantine/core';
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { $api, API_URL } from '../../../lib/api';
import '../auth-texts';

const ICONS = { google: IconBrandGoogle, facebook: IconBrandFacebook, apple: IconBrandApple } as const;

/** The providers change only when the store is configured again: read once per visit. */
const providersQueryOptions = () => ({
  ...$api.queryOptions('get', '/user/oauth/providers'),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Sign-in with the outside providers the store has configured (OpenID Connect, run by the API): each button leaves
 * for the provider and comes back to the login screen, signed in. With none configured, nothing is shown.
 */
export function SocialSignIn() {
  const { t } = useTranslation('auth');
  const providers = useQuery(providersQueryOptions());
  const redirect = useRouterState({
    select: (state) => (state.location.search as { redirect?: unknown }).redirect,
  });
  const list = providers.data?.data ?? [];
  if (list.length === 0) return null;
  const back = typeof redirect === 'string' ? redirect : '/';

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: list.length }} spacing="xs">
        {list.map(({ id, name }) => {
          const Icon = ICONS[id];
          return (
            <Button
              key={id}
              component="a"
              href={`${API_URL}/user/oauth/${id}/start?redirect=${encodeURIComponent(back)}`}
              variant="default"
              leftSection={<Icon size={18} />}
              aria-label={t('social.continueWith', { provider: name })}
            >
              {name}
            </Button>
          );
        })}
      </SimpleGrid>
      <Divider label={t('social.or')} labelPosition="center" />
    </>
  );
}
