import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Built around the SEED dialog colour #5B8AC6 (index 5). */
const brand: MantineColorsTuple = [
  '#eef3fa',
  '#dce6f4',
  '#b6cbe8',
  '#8eafdc',
  '#6c97d1',
  '#5b8ac6',
  '#4a78b3',
  '#3c6598',
  '#2f527c',
  '#223d5e',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Required fields carry `required` but no asterisk: labels stay exactly «Пароль», «E-mail»…,
    // and optional fields say so in their description instead.
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md', withAsterisk: false } },
    PasswordInput: { defaultProps: { radius: 'md', withAsterisk: false } },
    InputBase: { defaultProps: { withAsterisk: false } },
    NativeSelect: { defaultProps: { withAsterisk: false } },
    Autocomplete: { defaultProps: { withAsterisk: false } },
    Select: { defaultProps: { withAsterisk: false } },
    // A dialog's header is not the page's banner landmark.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    InputWrapper: { classNames: { error: 'field-error' } },
  },
});

/** Dimmed text a touch darker than Mantine's default, for WCAG AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c6570', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
