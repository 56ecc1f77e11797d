import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import { useRemoveFromWishlist, useUnfollowStore } from '../api/wishlist.mutations';
import { followedStoresQueryOptions, wishlistQueryOptions } from '../api/wishlist.queries';

export function WishlistAndFollowedStores({ currency }: { currency: string }) {
  const { t } = useTranslation('wishlist');
  return (
    <Stack>
      <Title order={1}>{t('title')}</Title>
      <WishlistSection currency={currency} />
      <FollowedStoresSection />
    </Stack>
  );
}

function WishlistSection({ currency }: { currency: string }) {
  const { t } = useTranslation('wishlist');
  const { data, error, isPending } = useQuery(wishlistQueryOptions());
  const remove = useRemoveFromWishlist();
  const entries = data?.data ?? [];

  return (
    <Stack component="section" aria-labelledby="wishlist-title">
      <Title order={2} size="h3" id="wishlist-title">
        {t('wishlist')}
      </Title>
      {isPending ? (
        <Center py="md">
          <Loader aria-label={t('loadingWishlist')} />
        </Center>
      ) : error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, t('wishlistFailed'))}
        </Alert>
      ) : entries.length === 0 ? (
        <Text c="dimmed">{t('wishlistEmpty')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('wishlistItems')}
        >
          {entries.map((entry) => (
            <WishlistCard
              key={entry._id}
              product={entry.product}
              currency={entry.product.currency ?? currency}
              removing={remove.isPending && remove.variables === entry.product._id}
              onRemove={() => remove.mutate(entry.product._id)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

type WishlistCardProps = {
  product: Schemas['WishlistEntry']['product'];
  currency: string;
  removing: boolean;
  onRemove: () => void;
};

function WishlistCard({ product, currency, removing, onRemove }: WishlistCardProps) {
  const { t } = useTranslation('wishlist');
  const { money } = useLocaleFormat();
  return (
    <Card component="li" withBorder aria-label={product.name}>
      <Card.Section>
        <Image src={product.images[0]} alt={product.name} h={180} fit="cover" />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <AnchorLink to="/products/$id" params={{ id: product._id }} fw={600} lineClamp={2}>
          {product.name}
        </AnchorLink>
        <Text fw={700}>{money(product.price, currency)}</Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          loading={removing}
          onClick={onRemove}
          aria-label={t('removeNamed', { product: product.name })}
        >
          {t('remove')}
        </Button>
      </Stack>
    </Card>
  );
}

function FollowedStoresSection() {
  const { t } = useTranslation('wishlist');
  const { data, error, isPending } = useQuery(followedStoresQueryOptions());
  const unfollow = useUnfollowStore();
  const stores = data?.data ?? [];

  return (
    <Stack component="section" aria-labelledby="followed-stores-title">
      <Title order={2} size="h3" id="followed-stores-title">
        {t('followedStores')}
      </Title>
      {isPending ? (
        <Center py="md">
          <Loader aria-label={t('loadingStores')} />
        </Center>
      ) : error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, t('storesFailed'))}
        </Alert>
      ) : stores.length === 0 ? (
        <Text c="dimmed">{t('storesEmpty')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('followedStoresList')}
        >
          {stores.map(({ _id, store }) => (
            <Card component="li" key={_id} withBorder aria-label={store.name}>
              <Group justify="space-between">
                <div>
                  <AnchorLink to="/stores/$id" params={{ id: store._id }} fw={600}>
                    {store.name}
                  </AnchorLink>
                  <Text size="sm" c="dimmed">
                    {store.email}
                  </Text>
                </div>
                <Button
                  variant="default"
                  loading={unfollow.isPending && unfollow.variables === store._id}
                  onClick={() => unfollow.mutate(store._id)}
                  aria-label={t('unfollowNamed', { store: store.name })}
                >
                  {t('unfollow')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
