import { PHONE_MASK } from '@hr/contract/phone';
import { InputBase } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { IMaskInput } from 'react-imask';

type PhoneInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
};

/** Phone in the SEED 5 format +7 (XXX) XXX-XX-XX. */
export function PhoneInput({ label, value, onChange, error, required }: PhoneInputProps) {
  return (
    <InputBase
      component={IMaskInput}
      mask={PHONE_MASK}
      label={label}
      placeholder="+7 (___) ___-__-__"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      leftSection={<IconPhone size={18} stroke={1.6} />}
      value={value}
      onAccept={(next: string) => onChange(next)}
      error={error}
      required={required}
    />
  );
}
