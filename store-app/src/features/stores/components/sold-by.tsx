import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../stores-texts';
import { AnchorLink } from '../../../components/router-links';
import { FollowButton } from './follow-button';
import { storeQueryOptions } from './store-page';

/** On a product page: the store that sells it, linking to the store's page, with Follow. */
export function SoldBy({ storeId }: { storeId: string }) {
  const { t } = useTranslation('stores');
  const store = useQuery(storeQueryOptions(storeId));
  // A store that is not selling now (or cannot be read) is simply not named.
  if (!store.data) return null;
  const data = store.data.data;
  return (
    <Group gap="sm" wrap="wrap" aria-label={t('soldBy')} role="group">
      <Text size="sm">
        {t('soldBy')}{' '}
        <AnchorLink to="/stores/$id" params={{ id: data._id }} fw={600} underline="always">
          {data.name}
        </AnchorLink>
      </Text>
      <FollowButton store={data} size="compact-sm" />
    </Group>
  );
}
