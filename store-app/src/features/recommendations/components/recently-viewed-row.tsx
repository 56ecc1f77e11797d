import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../recommendations-texts';
import { usePersistedStore } from '../../../lib/persisted-store';
import { useSessionUser } from '../../../lib/session';
import { recommendationQueries, useRecordViews } from '../api/recommendations.queries';
import { markMerged, recentlyViewedStore, rememberView } from '../lib/recently-viewed-store';
import { ProductRow } from './product-row';

type RecentlyViewedRowProps = {
  /** The product on the page: recorded as viewed, and left out of the row. */
  currentProductId?: string;
  country: string;
  currency: string;
};

/**
 * Recently viewed products: kept on this device, and on the account when signed in (the device's list is merged
 * into the account's once after signing in). Products no longer for sale are skipped by the server.
 */
export function RecentlyViewedRow({ currentProductId, country, currency }: RecentlyViewedRowProps) {
  const { t } = useTranslation('recommendations');
  const user = useSessionUser();
  const account = user?.username ?? null;
  const device = usePersistedStore(recentlyViewedStore);
  const record = useRecordViews({ country, currency });
  const { mutate } = record;

  useEffect(() => {
    const viewed = currentProductId ? rememberView(currentProductId) : null;
    if (account === null) return;
    const { entries, mergedInto } = recentlyViewedStore.get();
    // First page after signing in: the whole device list; afterwards only the product on screen.
    const items = mergedInto === account ? (viewed ? [viewed] : []) : entries;
    if (items.length === 0) return;
    mutate(items, { onSuccess: () => markMerged(account) });
  }, [currentProductId, account, mutate]);

  const others = (ids: string[]) => ids.filter((id) => id !== currentProductId);
  const deviceIds = others(device.entries.map((entry) => entry.productId));
  const onAccount = useQuery({
    ...recommendationQueries.recentlyViewed({ country, currency }),
    enabled: account !== null,
  });
  const onDevice = useQuery({
    ...recommendationQueries.byIds(deviceIds, { country, currency }),
    enabled: account === null && deviceIds.length > 0,
  });

  if (account === null) {
    if (deviceIds.length === 0 || onDevice.isError) return null;
    return (
      <ProductRow
        id="recently-viewed"
        title={t('recentlyViewed')}
        products={onDevice.data?.data ?? []}
        pending={onDevice.isPending}
      />
    );
  }
  if (onAccount.isError) return null;
  const products = (onAccount.data?.data ?? []).filter((product) => product._id !== currentProductId);
  return (
    <ProductRow
      id="recently-viewed"
      title={t('recentlyViewed')}
      products={products}
      pending={onAccount.isPending}
    />
  );
}
