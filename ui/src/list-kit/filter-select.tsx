import { NativeSelect } from '@mantine/core';

export type FilterOption<T extends string> = T | { value: T; label: string };

type FilterSelectProps<T extends string> = {
  label: string;
  /** The choices, "All …" first where the filter can be off; the route's schema allows exactly these values. */
  options: readonly FilterOption<T>[];
  value: T;
  onChange: (value: T) => void;
  w?: number;
};

/** One of a list's filters (or its sort): a native select whose value lives in the URL. */
export function FilterSelect<T extends string>({ label, options, value, onChange, w }: FilterSelectProps<T>) {
  return (
    <NativeSelect
      label={label}
      w={w}
      data={options.map((option) => (typeof option === 'string' ? option : { ...option }))}
      value={value}
      // The options are the only values the select can hold.
      onChange={(event) => onChange(event.currentTarget.value as T)}
    />
  );
}
