import {
  createTheme,
  type CSSVariablesResolver,
  darken,
  defaultVariantColorsResolver,
  isLightColor,
  lighten,
  type MantineColorsTuple,
  type MantineTheme,
  parseThemeColor,
  toRgba,
  type VariantColorsResolver,
} from '@mantine/core';

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

/**
 * A filled button in a light custom colour (the SEED dialog buttons, #5B8AC6 and #FF7674, carry
 * dark text) turns lighter on hover: Mantine's darker hover left the dark label at 4.0:1.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled' || !input.color) return colors;
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (parsed.isThemeColor || !isLightColor(parsed.value)) return colors;
  return { ...colors, hover: lighten(parsed.value, 0.1) };
};

export const theme = createTheme({
  variantColorResolver,
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
    // Every toast (`notifications.show`) gets a close button with a name.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Закрыть' } } },
  },
});

/** WCAG relative luminance of an sRGB colour. */
function luminance(color: string): number {
  const { r, g, b } = toRgba(color);
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/** The tint of a «light» variant (shade 6 at 10 % over white, Mantine's light background). */
function lightBackground(shade6: string): string {
  const { r, g, b } = toRgba(shade6);
  const mix = (c: number) => Math.round(255 * 0.9 + c * 0.1);
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
}

/** Margin over 4.5:1, for a tinted badge on a grey card (#f8f9fa). */
const LIGHT_VARIANT_CONTRAST = 5;

/**
 * The text colour of every «light» variant (badges, light buttons, theme icons, alerts): shade 6,
 * darkened until it reads at WCAG AA on its own tint — Mantine's teal-6 on teal-light is 2.8:1.
 */
function readableLightColors(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const base = shades[6];
    if (!base) continue;
    const background = lightBackground(base);
    let color = base;
    for (let step = 1; step <= 20 && contrast(color, background) < LIGHT_VARIANT_CONTRAST; step++) color = darken(base, step * 0.05);
    variables[`--mantine-color-${name}-light-color`] = color;
  }
  return variables;
}

/**
 * Dimmed text and placeholders a touch darker than Mantine's defaults, and readable light variants:
 * WCAG AA contrast on white and on the grey cards.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c6570',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-placeholder': '#646d78',
    ...readableLightColors(resolved),
  },
  dark: {},
});
