import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../features/settings/settings-options';
import { localeResources } from './i18n';

/** Every key path of a namespace, nested objects flattened with dots. */
function keyPaths(texts: unknown, prefix = ''): string[] {
  if (typeof texts !== 'object' || texts === null) return [prefix];
  return Object.entries(texts).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key));
}

// i18next plural forms differ per language (Bengali and Hindi: one/other; Spanish adds many): compare base keys.
const baseKey = (path: string) => path.replace(/_(zero|one|two|few|many|other)$/, '');

describe('storefront translations', () => {
  const resources = localeResources();
  const english = resources.en ?? {};

  it('has English texts', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
    for (const namespace of Object.keys(english)) {
      it(`${language} has every ${namespace} text English has, and no other`, () => {
        const want = [...new Set(keyPaths(english[namespace]).map(baseKey))].sort();
        const have = [...new Set(keyPaths(resources[language]?.[namespace] ?? {}).map(baseKey))].sort();
        expect(have).toEqual(want);
      });
      it(`${language} ${namespace} texts are not left empty`, () => {
        const empty = keyPaths(resources[language]?.[namespace] ?? {}).filter((path) => {
          const value = path
            .split('.')
            .reduce<unknown>(
              (node, key) => (node as Record<string, unknown>)?.[key],
              resources[language]?.[namespace],
            );
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty).toEqual([]);
      });
    }
  }
});
