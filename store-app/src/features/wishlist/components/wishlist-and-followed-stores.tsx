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
import { formatMoney } from '@shop/ui/format';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/router-links';
import { useRemoveFromWishlist, useUnfollowStore } from '../api/wishlist.mutations';
import { followedStoresQueryOptions, wishlistQueryOptions } from '../api/wishlist.queries';

const FETCH_WISHLIST_FAILED = 'Failed to fetch wishlist';
const FETCH_STORES_FAILED = 'Failed to fetch followed stores';

export function WishlistAndFollowedStores({ currency }: { currency: string }) {
  return (
    <Stack>
      <Title order={1}>Wishlist / Followed Stores</Title>
      <WishlistSection currency={currency} />
      <FollowedStoresSection />
    </Stack>
  );
}

function WishlistSection({ currency }: { currency: string }) {
  const { data, error, isPending } = useQuery(wishlistQueryOptions());
  const remove = useRemoveFromWishlist();
  const entries = data?.data ?? [];

  return (
    <Stack component="section" aria-labelledby="wishlist-title">
      <Title order={2} size="h3" id="wishlist-title">
        Wishlist
      </Title>
      {isPending ? (
        <Center py="md">
          <Loader aria-label="Loading wishlist" />
        </Center>
      ) : error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, FETCH_WISHLIST_FAILED)}
        </Alert>
      ) : entries.length === 0 ? (
        <Text c="dimmed">Your wishlist is empty.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Wishlist items"
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
  return (
    <Card component="li" withBorder aria-label={product.name}>
      <Card.Section>
        <Image src={product.images[0]} alt={product.name} h={180} fit="cover" />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <AnchorLink to="/products/$id" params={{ id: product._id }} fw={600} lineClamp={2}>
          {product.name}
        </AnchorLink>
        <Text fw={700}>{formatMoney(product.price, currency)}</Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          loading={removing}
          onClick={onRemove}
          aria-label={`Remove ${product.name} from wishlist`}
        >
          Remove
        </Button>
      </Stack>
    </Card>
  );
}

function FollowedStoresSection() {
  const { data, error, isPending } = useQuery(followedStoresQueryOptions());
  const unfollow = useUnfollowStore();
  const stores = data?.data ?? [];

  return (
    <Stack component="section" aria-labelledby="followed-stores-title">
      <Title order={2} size="h3" id="followed-stores-title">
        Followed Stores
      </Title>
      {isPending ? (
        <Center py="md">
          <Loader aria-label="Loading followed stores" />
        </Center>
      ) : error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, FETCH_STORES_FAILED)}
        </Alert>
      ) : stores.length === 0 ? (
        <Text c="dimmed">You're not following any stores yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Followed stores">
          {stores.map(({ _id, store }) => (
            <Card component="li" key={_id} withBorder aria-label={store.name}>
              <Group justify="space-between">
                <div>
                  <Text fw={600}>{store.name}</Text>
                  <Text size="sm" c="dimmed">
                    {store.email}
                  </Text>
                </div>
                <Button
                  variant="default"
                  loading={unfollow.isPending && unfollow.variables === store._id}
                  onClick={() => unfollow.mutate(store._id)}
                  aria-label={`Unfollow ${store.name}`}
                >
                  Unfollow
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
