import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';

type PasswordFieldProps = PasswordInputProps & {
  /** Accessible name of the show/hide button. */
  toggleLabel?: string;
};

/** A password input whose show/hide toggle is a real, focusable, named button. */
export function PasswordField({ toggleLabel = 'Показать пароль', ...props }: PasswordFieldProps) {
  return (
    <PasswordInput
      size="sm"
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel, tabIndex: 0, title: toggleLabel }}
      visibilityToggleIcon={({ reveal }) => (reveal ? <IconEyeOff size={18} stroke={1.6} /> : <IconEye size={18} stroke={1.6} />)}
      {...props}
    />
  );
}
