import { PHONE_MASK } from '@hr/contract/phone';
import { InputBase } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { IMaskInput } from 'react-imask';

export type PhoneFieldProps = {
  id?: string;
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
};

/** Phone in the SEED 5 format +7 (XXX) XXX-XX-XX (registration, profile, vacancy contacts, replies). */
export function PhoneField({ id, label, description, value, onChange, error, required }: PhoneFieldProps) {
  return (
    <InputBase
      id={id}
      component={IMaskInput}
      mask={PHONE_MASK}
      label={label}
      description={description}
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
