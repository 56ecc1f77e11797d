import { type CSSVariablesResolver, createTheme, darken, luminance, type MantineTheme } from '@mantine/core';

const fontStack =
  'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The one Mantine theme the admin, store and vendor apps share. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white on filled buttons, and coloured text and links on the page, above 4.5:1 (indigo 6: 4.3:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '600' },
  cursorType: 'pointer',
  // Shoppers and staff who ask their system for less motion get no transitions or spinning animations.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});

/** WCAG's minimum contrast for body text. */
const READABLE = 4.5;

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened a step at a time until it reads at 4.5:1 against `against`. */
function readable(color: string, against: string): string {
  let shade = color;
  for (let step = 0; step < 20 && contrast(shade, against) < READABLE; step += 1) shade = darken(shade, 0.05);
  return shade;
}

/**
 * Colour variables that keep text at 4.5:1 or more, in both colour schemes. Mantine's "dimmed" grey is 3.3:1 on
 * white and under 4:1 on dark greys; its filled teal, green, orange, yellow, lime and cyan are under 4:1 behind
 * white text, and their light badges' text under 4.5:1 on the tint. Those are darkened just enough.
 */
export const accessibleCssVariables: CSSVariablesResolver = (current: MantineTheme) => {
  const filled: Record<string, string> = {};
  const lightText: Record<string, string> = {};
  for (const [name, palette] of Object.entries(current.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const background = readable(palette[8], '#ffffff');
    if (background !== palette[8]) {
      filled[`--mantine-color-${name}-filled`] = background;
      filled[`--mantine-color-${name}-filled-hover`] = darken(background, 0.1);
    }
    const onTint = readable(palette[9], palette[1]);
    if (onTint !== palette[9]) lightText[`--mantine-color-${name}-light-color`] = onTint;
  }
  return {
    variables: {},
    light: { '--mantine-color-dimmed': '#5c636a', ...filled, ...lightText },
    dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', ...filled },
  };
};
