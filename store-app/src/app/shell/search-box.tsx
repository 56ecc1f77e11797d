import { Box, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueQueries } from '../../features/catalogue/api/catalogue.queries';
import { useStoreSettings } from '../../features/settings/settings-store';

type SearchBoxProps = { onSearch?: () => void };

/** How long typing pauses before suggestions are asked for: one request per pause, not per key. */
const SUGGEST_DELAY_MS = 250;

/**
 * Sends the shopper to /search/{term}; an empty term goes nowhere. While they type, categories and product titles
 * are suggested in a combobox (arrow keys move, Enter opens the chosen one, Escape closes it).
 */
export function SearchBox({ onSearch }: SearchBoxProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { language } = useStoreSettings();
  const [term, setTerm] = useState('');
  const [typed] = useDebouncedValue(term.trim(), SUGGEST_DELAY_MS);
  const suggestions = useQuery({
    ...catalogueQueries.suggestions({ q: typed, lang: language }),
    placeholderData: keepPreviousData,
  });
  const options = typed && term.trim() ? (suggestions.data?.data ?? []) : [];
  // Open while the shopper wants it and there is something to show: the box never claims an empty list.
  const [wanted, setWanted] = useState(false);
  const combobox = useCombobox({
    opened: wanted && options.length > 0,
    onOpenedChange: setWanted,
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  const done = () => {
    combobox.closeDropdown();
    onSearch?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate({ to: '/search/$id', params: { id: trimmed } });
    done();
  };

  const choose = (value: string) => {
    const suggestion = options[Number(value)];
    if (!suggestion) return;
    if (suggestion.kind === 'product' && suggestion._id) {
      void navigate({ to: '/products/$id', params: { id: suggestion._id } });
    } else {
      const id = suggestion.category ?? suggestion.text;
      setTerm(suggestion.text);
      void navigate({ to: '/search/$id', params: { id } });
    }
    done();
  };

  return (
    <Box component="form" role="search" onSubmit={submit} flex={1} maw={560}>
      <Combobox store={combobox} onOptionSubmit={choose}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            type="search"
            aria-label={t('searchProducts')}
            placeholder={t('searchProducts')}
            leftSection={<IconSearch size={16} />}
            value={term}
            autoComplete="off"
            onChange={(event) => {
              setTerm(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options aria-label={t('searchSuggestions')}>
            {options.map((suggestion, index) => (
              <Combobox.Option
                value={String(index)}
                key={`${suggestion.kind}-${suggestion._id ?? suggestion.text}`}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" lineClamp={1}>
                    {suggestion.text}
                  </Text>
                  {suggestion.kind === 'category' && (
                    <Text size="xs" c="dimmed">
                      {t('suggestedCategory')}
                    </Text>
                  )}
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Box>
  );
}
