import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleCssVariables, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const variables = accessibleCssVariables(merged);

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** What a scheme's variable resolves to: ours when set, else Mantine's own for that scheme. */
function resolved(scheme: 'light' | 'dark', name: string, color: string): string {
  const ours = variables[scheme][`--mantine-color-${color}-${name}`];
  if (ours) return ours;
  const shades = merged.colors[color] ?? [];
  if (name === 'filled') return shades[8] ?? '';
  return (scheme === 'light' ? shades[9] : shades[0]) ?? '';
}

const colors = Object.keys(merged.colors).filter((name) => name !== 'dark' && name !== 'gray');

describe('the shared theme keeps text readable (4.5:1)', () => {
  it('white on every filled colour, in both schemes', () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const color of colors) {
        expect(
          contrast(resolved(scheme, 'filled', color), '#ffffff'),
          `${scheme} ${color}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('a light badge or button’s text on its tint', () => {
    for (const color of colors) {
      const tint = merged.colors[color]?.[1] ?? '';
      expect(contrast(resolved('light', 'light-color', color), tint), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed secondary text on the page and on a light grey panel', () => {
    expect(contrast(variables.light['--mantine-color-dimmed'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(variables.light['--mantine-color-dimmed'] ?? '', '#f8f9fa')).toBeGreaterThanOrEqual(4.5);
    // Dark: grey 1 on the body (dark 7) and on cards and panels (dark 6).
    const darkDimmed = merged.colors.dark[1];
    for (const background of [merged.colors.dark[7], merged.colors.dark[6]]) {
      expect(contrast(darkDimmed, background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(variables.dark['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
  });

  it('white on the primary colour, and the primary colour as link text on white', () => {
    const primary = merged.colors.indigo[8];
    expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
