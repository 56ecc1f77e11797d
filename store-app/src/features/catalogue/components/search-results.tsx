import { Button, Checkbox, Grid, Radio, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { asCategory, type CategoryFilter, RATINGS, type SearchPageFilters } from '../lib/list-filters';
import { ProductGrid } from './product-grid';

/** Spec §2 Search results: the sidebar's choices. */
const SEARCH_CATEGORIES = [
  'Men',
  'Women',
  'Electronics',
  'Home',
  'Beauty',
] as const satisfies readonly CategoryFilter[];
const SEARCH_BRANDS = ['Apple', 'Samsung', 'Nike', 'Adidas', 'Sony'] as const;

type SearchResultsProps = {
  term: string;
  filters: SearchPageFilters;
  onFiltersChange: (next: SearchPageFilters) => void;
  country: string;
  currency: string;
};

/** The results of a search (the route's term) narrowed on the server by the sidebar's filters. */
export function SearchResults({ term, filters, onFiltersChange, country, currency }: SearchResultsProps) {
  const { t } = useTranslation('catalogue');
  const update = (patch: Partial<SearchPageFilters>) => onFiltersChange({ ...filters, ...patch });
  const active = Object.keys(filters).length > 0;
  // A category's page names the category in the shopper's language; a typed term is shown as typed.
  const termCategory = asCategory(term);
  const shownTerm = termCategory ? t(`common:category.${termCategory}`) : term;

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('search.title', { term: shownTerm })}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <Stack component="aside" aria-label={t('filters.title')} gap="lg">
            <FilterChoices
              label={t('filters.category')}
              options={SEARCH_CATEGORIES}
              labelOf={(category) => t(`common:category.${category}`)}
              value={filters.category}
              onChange={(category) => update({ category: asCategory(category) })}
            />
            <FilterChoices
              label={t('filters.brand')}
              options={SEARCH_BRANDS}
              labelOf={(brand) => brand}
              value={filters.brand}
              onChange={(brand) => update({ brand })}
            />
            <Radio.Group
              label={t('filters.ratingGroup')}
              value={filters.minRating ? String(filters.minRating) : ''}
              onChange={(rating) => update({ minRating: rating ? Number(rating) : undefined })}
            >
              <Stack gap="xs" mt="xs">
                {RATINGS.map((rating) => (
                  <Radio key={rating} value={String(rating)} label={t('filters.rating', { count: rating })} />
                ))}
              </Stack>
            </Radio.Group>
            <Button variant="default" disabled={!active} onClick={() => onFiltersChange({})}>
              {t('filters.clear')}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <ProductGrid
            query={{ ...termQuery(term), country, currency, sort: 'popularity', ...filters }}
            emptyText={t('search.empty', { term: shownTerm })}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The header's category menu and Similar Products' Load More lead to /search/{category}: such a term is the
 * category filter (a text search for "Books" would miss most books); any other term is a text search.
 */
function termQuery(term: string) {
  const category = asCategory(term);
  return category ? { category } : { q: term };
}

type FilterChoicesProps = {
  label: string;
  options: readonly string[];
  /** The text shown for an option (its value is what the API filters on). */
  labelOf: (option: string) => string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
};

/** One choice at a time (the API filters on one value); ticking the chosen box again clears it. */
function FilterChoices({ label, options, labelOf, value, onChange }: FilterChoicesProps) {
  return (
    <Checkbox.Group
      label={label}
      value={value ? [value] : []}
      onChange={(values) => onChange(values.find((option) => option !== value))}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Checkbox key={option} value={option} label={labelOf(option)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
