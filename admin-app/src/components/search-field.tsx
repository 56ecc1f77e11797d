import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

// Typing settles for this long before the list asks the server again.
const SEARCH_DEBOUNCE_MS = 300;

type SearchFieldProps = {
  label: string;
  /** The search in the URL. */
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
};

/** A search box whose text reaches the URL (and the server) once typing pauses. */
export function SearchField({ label, value, onSearch, placeholder }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  const router = useRouter();

  // Leaving the list (a row's View) while a search waits must not pull the browser back to the list.
  useEffect(() => router.subscribe('onBeforeNavigate', () => search.cancel()), [router, search]);

  // The URL can change under the box (back button, a link): show what it says.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          search.cancel();
          onSearch(text.trim());
        }
      }}
    />
  );
}
