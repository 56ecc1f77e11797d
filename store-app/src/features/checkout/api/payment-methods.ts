import type { Schemas } from '@shop/sdk/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/api';

/**
 * `GET /payment-methods`: what the store takes for this address, currency and order amount (before any method's
 * own fee), each with its fee. Checkout offers only these.
 */
export function usePaymentMethods(query: {
  country: string | undefined;
  currency: Schemas['StoreCurrency'];
  amount: number | undefined;
}) {
  const { country, currency, amount } = query;
  return useQuery({
    ...$api.queryOptions('get', '/payment-methods', {
      params: {
        query: {
          country: (country ?? '') as Schemas['ShipToCountry'],
          currency,
          ...(amount === undefined ? {} : { amount }),
        },
      },
    }),
    enabled: Boolean(country),
    // A changed amount keeps the methods on screen while the new list loads.
    placeholderData: keepPreviousData,
  });
}
