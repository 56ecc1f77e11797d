import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

// Typing settles for this long before the list asks the server again.
const SEARCH_DEBOUNCE_MS = 300;

type SearchFieldProps = {
  /** The search in the URL. */
  value: string;
  onSearch: (value: string) => void;
};

/** Search over subject, description, customer and order number; the text reaches the URL once typing pauses. */
export function SearchField({ value, onSearch }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);

  // The URL can change under the box (Clear Filters, the back button): show what it says.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      type="search"
      label="Search"
      placeholder="Subject, description, customer or order"
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
