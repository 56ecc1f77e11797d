import { Badge, Box, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyDisclosure } from '../../../lib/use-lazy-disclosure';
import {
  type CategoryFilter,
  DEFAULT_SORT,
  type HomeSearch,
  SORT_CHOICES,
  type SortKey,
} from '../lib/list-filters';
import { ProductGrid } from './product-grid';

type HomeCatalogueProps = {
  /** The hero and promo tiles above the heading bar (Marketing & Content's, given by the route). */
  banners: ReactNode;
  search: HomeSearch;
  onSearchChange: (next: HomeSearch) => void;
  categories: readonly CategoryFilter[];
  country: string;
  currency: string;
};

const SEARCH_DEBOUNCE_MS = 400;

// The drawer's choices load on first open, keeping them out of the home page's first load.
const FiltersDrawer = lazy(() =>
  import('./filters-drawer').then((module) => ({ default: module.FiltersDrawer })),
);

/** Spec §2 Home: the hero and tiles, the heading bar (search, sort, filters) and the top picks. */
export function HomeCatalogue({
  banners,
  search,
  onSearchChange,
  categories,
  country,
  currency,
}: HomeCatalogueProps) {
  const { t } = useTranslation('catalogue');
  const filters = useLazyDisclosure();
  const activeFilters = (search.category ? 1 : 0) + (search.minRating ? 1 : 0);
  const update = (patch: Partial<HomeSearch>) => onSearchChange({ ...search, ...patch });

  return (
    <Stack gap="xl">
      {banners}

      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={1} fz="h2">
            {t('home.topPicks')}
          </Title>
          <Group gap="sm" align="flex-end">
            <SearchField value={search.q ?? ''} onSearch={(q) => update({ q: q || undefined })} />
            <NativeSelect
              label={t('home.sortBy')}
              data={SORT_CHOICES.map((value) => ({ value, label: t(`sort.${value}`) }))}
              value={search.sort ?? DEFAULT_SORT}
              onChange={(event) => update({ sort: event.currentTarget.value as SortKey })}
            />
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              rightSection={
                activeFilters > 0 ? (
                  <Badge size="xs" circle>
                    {activeFilters}
                  </Badge>
                ) : null
              }
              onClick={filters.open}
            >
              {t('filters.title')}
            </Button>
          </Group>
        </Group>

        <ProductGrid
          query={{
            country,
            currency,
            sort: search.sort ?? DEFAULT_SORT,
            q: search.q,
            category: search.category,
            minRating: search.minRating,
          }}
          emptyText={t('home.noMatch')}
        />
      </Stack>

      {filters.everOpened && (
        <Suspense fallback={null}>
          <FiltersDrawer
            opened={filters.opened}
            onClose={filters.close}
            search={search}
            onChange={update}
            categories={categories}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** Typing filters the grid after a pause; Enter filters at once. */
function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('catalogue');
  const [term, setTerm] = useState(value);
  // Back and forward change the URL's term under the field: show it (React's "adjust state on prop change").
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setTerm(value);
  }
  const debounced = useDebouncedCallback((value: string) => onSearch(value.trim()), SEARCH_DEBOUNCE_MS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    debounced.cancel();
    onSearch(term.trim());
  };

  return (
    <Box component="form" role="search" aria-label={t('home.searchLandmark')} onSubmit={submit}>
      <TextInput
        type="search"
        label={t('home.searchLabel')}
        placeholder={t('home.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          debounced(event.currentTarget.value);
        }}
      />
    </Box>
  );
}
