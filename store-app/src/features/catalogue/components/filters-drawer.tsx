import { Button, Drawer, Radio, Stack } from '@mantine/core';
import { asCategory, type CategoryFilter, type HomeSearch, RATINGS, ratingLabel } from '../lib/list-filters';

type FiltersDrawerProps = {
  opened: boolean;
  onClose: () => void;
  search: HomeSearch;
  onChange: (patch: Partial<HomeSearch>) => void;
  categories: readonly CategoryFilter[];
};

/** The home page's Filters: a category and a minimum rating, applied as they are chosen. */
export function FiltersDrawer({ opened, onClose, search, onChange, categories }: FiltersDrawerProps) {
  const active = search.category !== undefined || search.minRating !== undefined;
  return (
    <Drawer opened={opened} onClose={onClose} title="Filters" position="right" size="xs">
      <Stack gap="lg">
        <Radio.Group
          label="Category"
          value={search.category ?? ''}
          onChange={(category) => onChange({ category: asCategory(category) })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="" label="All categories" />
            {categories.map((category) => (
              <Radio key={category} value={category} label={category} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group
          label="Minimum rating"
          value={search.minRating ? String(search.minRating) : ''}
          onChange={(rating) => onChange({ minRating: rating ? Number(rating) : undefined })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="" label="Any rating" />
            {RATINGS.map((rating) => (
              <Radio key={rating} value={String(rating)} label={ratingLabel(rating)} />
            ))}
          </Stack>
        </Radio.Group>
        <Button
          variant="default"
          disabled={!active}
          onClick={() => onChange({ category: undefined, minRating: undefined })}
        >
          Clear filters
        </Button>
      </Stack>
    </Drawer>
  );
}
