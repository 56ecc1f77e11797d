import { Box, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type SearchBoxProps = { onSearch?: () => void };

/** Sends the shopper to /search/{term}; an empty term goes nowhere. */
export function SearchBox({ onSearch }: SearchBoxProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [term, setTerm] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate({ to: '/search/$id', params: { id: trimmed } });
    onSearch?.();
  };

  return (
    <Box component="form" role="search" onSubmit={submit} flex={1} maw={560}>
      <TextInput
        type="search"
        aria-label={t('searchProducts')}
        placeholder={t('searchProducts')}
        leftSection={<IconSearch size={16} />}
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
      />
    </Box>
  );
}
