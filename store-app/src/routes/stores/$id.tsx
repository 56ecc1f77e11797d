import { createFileRoute } from '@tanstack/react-router';
import { useStoreSettings } from '../../features/settings/settings-store';
import { StorePage } from '../../features/stores/components/store-page';

export const Route = createFileRoute('/stores/$id')({
  component: StoreRoute,
});

function StoreRoute() {
  const { id } = Route.useParams();
  const { shipToCountry, currency } = useStoreSettings();
  return <StorePage id={id} country={shipToCountry} currency={currency} />;
}
