import type { QueryParams } from '@shop/sdk/types';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';

export const CLAIM_PAGE_SIZE = 10;

type ClaimListQuery = QueryParams<'listParcelClaims'>;

/** The claims screens' reads; keys derive from method + path, so a write marks every page stale. */
export const claimQueries = {
  list: (query: ClaimListQuery) => $api.queryOptions('get', '/parcel-claims', { params: { query } }),
  detail: (id: string) => $api.queryOptions('get', '/parcel-claims/{id}', { params: { path: { id } } }),
  report: (by: 'supplier' | 'product') =>
    $api.queryOptions('get', '/parcel-claims/report', { params: { query: { by } } }),
};

const claimKeys = {
  lists: claimQueries.list({}).queryKey.slice(0, 2),
  details: claimQueries.detail('').queryKey.slice(0, 2),
  reports: claimQueries.report('supplier').queryKey.slice(0, 2),
};

function useClaimWrite() {
  const queryClient = useQueryClient();
  return {
    onSettled: () =>
      Promise.all(
        [claimKeys.lists, claimKeys.details, claimKeys.reports].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  };
}

/** POST /parcel-claims/{id}/resolution (resolveParcelClaim). */
export function useResolveClaim() {
  return $api.useMutation('post', '/parcel-claims/{id}/resolution', useClaimWrite());
}

/** POST /parcel-claims/{id}/dispute/refresh (refreshParcelClaimDispute). */
export function useRefreshDispute() {
  return $api.useMutation('post', '/parcel-claims/{id}/dispute/refresh', useClaimWrite());
}
