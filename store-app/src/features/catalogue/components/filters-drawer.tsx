import { Button, Drawer, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { asCategory, type CategoryFilter, type HomeSearch, RATINGS } from '../lib/list-filters';

type FiltersDrawerProps = {
  opened: boolean;
  onClose: () => void;
  search: HomeSearch;
  onChange: (patch: Partial<HomeSearch>) => void;
  categories: readonly CategoryFilter[];
};

/** The home page's Filters: a category and a minimum rating, applied as they are chosen. */
export function FiltersDrawer({ opened, onClose, search, onChange, categories }: FiltersDrawerProps) {
  const { t } = useTranslation('catalogue');
  const active = search.category !== undefined || search.minRating !== undefined;
  return (
    <Drawer opened={opened} onClose={onClose} title={t('filters.title')} position="right" size="xs">
      <Stack gap="lg">
        <Radio.Group
          label={t('filters.category')}
          value={search.category ?? ''}
          onChange={(category) => onChange({ category: asCategory(category) })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="" label={t('filters.allCategories')} />
            {categories.map((category) => (
              <Radio key={category} value={category} label={t(`common:category.${category}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={t('filters.minimumRating')}
          value={search.minRating ? String(search.minRating) : ''}
          onChange={(rating) => onChange({ minRating: rating ? Number(rating) : undefined })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="" label={t('filters.anyRating')} />
            {RATINGS.map((rating) => (
              <Radio key={rating} value={String(rating)} label={t('filters.rating', { count: rating })} />
            ))}
          </Stack>
        </Radio.Group>
        <Button
          variant="default"
          disabled={!active}
          onClick={() => onChange({ category: undefined, minRating: undefined })}
        >
          {t('filters.clear')}
        </Button>
      </Stack>
    </Drawer>
  );
}
