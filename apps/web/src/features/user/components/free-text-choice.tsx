import { Autocomplete } from '@mantine/core';

type FreeTextChoiceProps = {
  label: string;
  data: readonly string[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Above the surrounding dialog (the popup) or the page (the edit form). */
  zIndex: number;
  required?: boolean;
};

/** A dictionary title or a new free-typed one (SEED 5: position, professional area). */
export function FreeTextChoice({ label, data, value, onChange, error, zIndex, required = true }: FreeTextChoiceProps) {
  return (
    <Autocomplete
      label={label}
      placeholder="Выберите или введите свою"
      data={data as string[]}
      limit={30}
      value={value}
      onChange={onChange}
      error={error}
      comboboxProps={{ withinPortal: true, zIndex }}
      autoComplete="off"
      required={required}
    />
  );
}
