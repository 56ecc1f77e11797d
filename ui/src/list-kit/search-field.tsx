import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

// Typing settles for this long before the list asks the server again.
const SEARCH_DEBOUNCE_MS = 300;

export type SearchFieldProps = {
  label: string;
  /** The search in the URL. */
  value: string;
  /** Called with the trimmed text, only when it differs from `value`. */
  onSearch: (value: string) => void;
  placeholder?: string;
  /**
   * Subscribes to the app leaving the screen (`cancel` drops a search still waiting), and answers the unsubscribe:
   * a search that lands after a row's link was followed would pull the browser back to the list.
   */
  onLeave?: (cancel: () => void) => () => void;
};

/** A search box whose text reaches the URL (and the server) once typing pauses, or at once on Enter. */
export function SearchField({ label, value, onSearch, placeholder, onLeave }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const send = (next: string) => {
    const trimmed = next.trim();
    if (trimmed !== value) onSearch(trimmed);
  };
  const search = useDebouncedCallback(send, SEARCH_DEBOUNCE_MS);

  useEffect(() => onLeave?.(() => search.cancel()), [onLeave, search]);

  // The URL can change under the box (back button, a link, Clear Filters): show what it says.
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
          send(text);
        }
      }}
    />
  );
}
