import { Alert, Avatar, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '@shop/sdk/client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../stores-texts';
import { NotFound } from '../../../components/not-found';
import { useLocaleFormat } from '../../../i18n/i18n';
import { $api } from '../../../lib/api';
import { ProductGrid } from '../../catalogue/components/product-grid';
import { FollowButton } from './follow-button';

export const storeQueryOptions = (id: string) =>
  $api.queryOptions('get', '/stores/{id}', { params: { path: { id } } });

type StorePageProps = { id: string; country: string; currency: string };

/** A store's page: who they are, Follow, and the products they sell. */
export function StorePage({ id, country, currency }: StorePageProps) {
  const { t } = useTranslation('stores');
  const { number } = useLocaleFormat();
  const store = useQuery(storeQueryOptions(id));

  if (store.isPending) return <Skeleton h={120} radius="md" aria-label={t('loading')} />;
  if (store.isError) {
    if (isApiError(store.error) && store.error.code === 'NOT_FOUND') {
      return (
        <NotFound title={t('notFound')} message={t('notFoundText')} backTo="/" backLabel={t('backHome')} />
      );
    }
    return <Alert color="red">{t('loadFailed')}</Alert>;
  }
  const data = store.data.data;

  return (
    <Stack gap="lg">
      <Card component="section" aria-labelledby="store-name">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group wrap="nowrap" align="flex-start">
            <Avatar src={data.logo} alt="" size={72} radius="md" color="indigo">
              {data.name.slice(0, 2).toUpperCase()}
            </Avatar>
            <Stack gap={4}>
              <Title order={1} id="store-name" fz="h2">
                {data.name}
              </Title>
              <Text size="sm" c="dimmed">
                {t('figures', {
                  products: number(data.productCount),
                  followers: number(data.followers),
                  count: data.followers,
                })}
              </Text>
              {data.description && <Text maw={720}>{data.description}</Text>}
            </Stack>
          </Group>
          <FollowButton store={data} />
        </Group>
      </Card>
      <Title order={2} fz="h3">
        {t('products')}
      </Title>
      <ProductGrid query={{ store: id, country, currency }} emptyText={t('noProducts')} />
    </Stack>
  );
}
