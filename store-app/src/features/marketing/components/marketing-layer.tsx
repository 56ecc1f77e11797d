import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useMetaDefaults } from '../../../lib/page-meta';
import { marketingQueries } from '../api/marketing.queries';
import { popupDue } from '../lib/popup-seen';

// The popup's code (and Mantine's modal) comes only for a visitor who is due to see it.
const StorefrontPopup = lazy(() =>
  import('./storefront-popup').then((module) => ({ default: module.StorefrontPopup })),
);

/**
 * What Marketing & Content adds to every page: the store's meta tag defaults and, once per visitor every N days,
 * the popup. The analytics identifiers are not used: the storefront's Content Security Policy allows only its
 * own scripts, so no outside tag is loaded.
 */
export function MarketingLayer() {
  const content = useQuery(marketingQueries.content());
  const data = content.data?.data;
  useMetaDefaults({ title: data?.meta.title, description: data?.meta.description });

  const popup = data?.popup ?? null;
  // Decided once per page load: showing the popup marks it seen, which must not take it away at once.
  const [due, setDue] = useState<boolean | null>(null);
  if (popup && due === null) setDue(popupDue(popup.everyDays));

  return popup && due ? (
    <Suspense fallback={null}>
      <StorefrontPopup popup={popup} />
    </Suspense>
  ) : null;
}
