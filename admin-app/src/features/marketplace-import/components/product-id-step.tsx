import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { toast } from '@shop/ui/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { marketplaceProductQuery } from '../api/marketplace-product.queries';
import type { MarketplaceInfo } from '../lib/country-result';

const INVALID_PRODUCT_ID = 'Please enter a valid AliExpress Product ID.';
const FETCHED = 'Product info fetched successfully.';
const FETCH_FAILED = 'Failed to fetch product info.';

type ProductIdStepProps = {
  productId: string;
  onProductIdChange: (productId: string) => void;
  onFetched: (info: MarketplaceInfo) => void;
};

/** Spec 1 §2.11 step 1: the marketplace product id and 'Get Product Info'. */
export function ProductIdStep({ productId, onProductIdChange, onFetched }: ProductIdStepProps) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const id = productId.trim();
    if (id === '') {
      setError(INVALID_PRODUCT_ID);
      toast.error(INVALID_PRODUCT_ID);
      return;
    }
    setError(null);
    setFetching(true);
    try {
      const answer = await queryClient.fetchQuery(marketplaceProductQuery(id));
      toast.success(FETCHED);
      onFetched(answer.data);
    } catch (failure) {
      const message = errorMessage(failure, FETCH_FAILED);
      setError(message);
      toast.error(message);
    } finally {
      setFetching(false);
    }
  }

  return (
    <Paper withBorder p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            Enter the product ID from the item's AliExpress address, for example 1005006841234567 in
            aliexpress.com/item/1005006841234567.html.
          </Text>
          <Group align="flex-start">
            <TextInput
              label="AliExpress Product ID"
              placeholder="e.g. 1005006841234567"
              value={productId}
              onChange={(event) => {
                onProductIdChange(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              inputMode="numeric"
              autoComplete="off"
              style={{ flex: 1, maxWidth: 420 }}
            />
            <Button type="submit" loading={fetching} mt={25}>
              Get Product Info
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
