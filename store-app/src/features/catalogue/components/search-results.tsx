import { Button, Checkbox, Grid, Radio, Stack, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import { catalogueQueries } from '../api/catalogue.queries';
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
/** The API counts a facet's choice to at most this many products (openapi.yaml, listProducts); at it, "1,000+". */
const FACET_COUNT_CAP = 1000;

type SearchResultsProps = {
  term: string;
  filters: SearchPageFilters;
  onFiltersChange: (next: SearchPageFilters) => void;
  country: string;
  currency: string;
};

/** A price range as the URL and the choices hold it: "1000-2500", "25000-" (no top). */
const rangeKey = (min: number | undefined, max: number | null | undefined) => `${min ?? 0}-${max ?? ''}`;

/**
 * The results of a search (the route's term) narrowed on the server by the sidebar's filters; each choice shows
 * how many products it would list (the server's facets), and a search that finds nothing offers the closest words.
 */
export function SearchResults({ term, filters, onFiltersChange, country, currency }: SearchResultsProps) {
  const { t } = useTranslation('catalogue');
  const format = useLocaleFormat();
  const update = (patch: Partial<SearchPageFilters>) => onFiltersChange({ ...filters, ...patch });
  const active = Object.keys(filters).length > 0;
  // A category's page names the category in the shopper's language; a typed term is shown as typed.
  const termCategory = asCategory(term);
  const shownTerm = termCategory ? t(`common:category.${termCategory}`) : term;
  const query = {
    ...termQuery(term),
    country,
    currency,
    sort: 'popularity' as const,
    ...filters,
    facets: true,
  };
  // The grid's own request: its first page carries the facets and "did you mean".
  const results = useInfiniteQuery({
    ...catalogueQueries.productPages(query),
    placeholderData: keepPreviousData,
  });
  const firstPage = results.data?.pages[0];
  const facets = firstPage?.facets;
  const withCount = (label: string, count: number | undefined) =>
    count === undefined
      ? label
      : t(count >= FACET_COUNT_CAP ? 'filters.withCountAtLeast' : 'filters.withCount', {
          label,
          n: format.number(count),
        });
  const countIn = <T,>(facet: ReadonlyArray<{ value: T; count: number }> | undefined, value: T) =>
    facet?.find((choice) => choice.value === value)?.count;

  const priceChosen =
    filters.minPrice !== undefined || filters.maxPrice !== undefined
      ? rangeKey(filters.minPrice, filters.maxPrice)
      : undefined;
  const ranges = facets?.price ?? [];
  const priceLabel = (min: number, max: number | null) => {
    if (max === null) return t('filters.priceFrom', { min: format.money(min, currency) });
    if (min === 0) return t('filters.priceUnder', { max: format.money(max, currency) });
    return t('filters.priceBetween', { min: format.money(min, currency), max: format.money(max, currency) });
  };
  const priceOptions = ranges.map((range) => rangeKey(range.min, range.max));
  if (priceChosen && !priceOptions.includes(priceChosen)) priceOptions.push(priceChosen);
  const places = (facets?.shipsFrom ?? []).map((choice) => choice.value);
  if (filters.shipsFrom && !places.includes(filters.shipsFrom)) places.push(filters.shipsFrom);

  const didYouMean = firstPage?.didYouMean;
  // "Delivers to" is asked of the shopper's own country; one chosen before they changed country still shows.
  const deliveryCountry = filters.deliversTo ?? country;
  const countryName =
    new Intl.DisplayNames([format.locale], { type: 'region' }).of(deliveryCountry) ?? deliveryCountry;

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
              labelOf={(category) =>
                withCount(t(`common:category.${category}`), countIn(facets?.category, category))
              }
              value={filters.category}
              onChange={(category) => update({ category: asCategory(category) })}
            />
            {priceOptions.length > 0 && (
              <FilterChoices
                label={t('filters.price')}
                options={priceOptions}
                labelOf={(key) => {
                  const range = ranges.find((choice) => rangeKey(choice.min, choice.max) === key);
                  if (range) return withCount(priceLabel(range.min, range.max), range.count);
                  return priceLabel(filters.minPrice ?? 0, filters.maxPrice ?? null);
                }}
                value={priceChosen}
                onChange={(key) => {
                  const [min, max] = (key ?? '').split('-');
                  update({
                    minPrice: min ? Number(min) || undefined : undefined,
                    maxPrice: max ? Number(max) : undefined,
                  });
                }}
              />
            )}
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
                  <Radio
                    key={rating}
                    value={String(rating)}
                    label={withCount(t('filters.rating', { count: rating }), countIn(facets?.rating, rating))}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {places.length > 0 && (
              <FilterChoices
                label={t('filters.shipsFrom')}
                options={places}
                labelOf={(place) => withCount(place, countIn(facets?.shipsFrom, place))}
                value={filters.shipsFrom}
                onChange={(shipsFrom) => update({ shipsFrom })}
              />
            )}
            <Checkbox
              label={withCount(
                t('filters.deliversTo', { country: countryName }),
                countIn(facets?.deliversTo, deliveryCountry),
              )}
              checked={filters.deliversTo !== undefined}
              onChange={(event) =>
                update({ deliversTo: event.currentTarget.checked ? deliveryCountry : undefined })
              }
            />
            <Button variant="default" disabled={!active} onClick={() => onFiltersChange({})}>
              {t('filters.clear')}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <ProductGrid
            query={query}
            emptyText={t('search.empty', { term: shownTerm })}
            emptyAction={
              didYouMean ? (
                <AnchorLink to="/search/$id" params={{ id: didYouMean }}>
                  {t('search.didYouMean', { term: didYouMean })}
                </AnchorLink>
              ) : null
            }
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
