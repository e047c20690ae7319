import type { ComponentType } from 'react';

/** Inputs owned by the auth feature, handed in by app/ (features do not import each other). */
export type CityInputComponent = ComponentType<{ value: string; onChange: (value: string) => void; error?: string; required?: boolean }>;
export type PhoneInputComponent = ComponentType<{
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}>;

export type ProfileDictionaries = {
  positions: readonly string[];
  professionAreas: readonly string[];
  tags: readonly { value: string; label: string }[];
};
