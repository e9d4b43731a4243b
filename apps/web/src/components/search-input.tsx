import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A text field that narrows a list as one types (the matrix's drivers, a Betrieb's requirements). */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
