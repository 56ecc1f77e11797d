import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../features/settings/settings-options';
import { byNamespace } from './i18n';

// Every language's files, read at once here (the app fetches non-English ones when chosen).
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});
const bundles = import.meta.glob('./bundles/*.ts');

function resourcesOf(language: string) {
  const prefix = `./locales/${language}/`;
  return byNamespace(Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith(prefix))));
}

/** Every key path of a namespace, nested objects flattened with dots. */
function keyPaths(texts: unknown, prefix = ''): string[] {
  if (typeof texts !== 'object' || texts === null) return [prefix];
  return Object.entries(texts).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key));
}

// i18next plural forms differ per language (Bengali and Hindi: one/other; Spanish adds many): compare base keys.
const baseKey = (path: string) => path.replace(/_(zero|one|two|few|many|other)$/, '');

/** The `{{name}}` placeholders a text fills in. */
const placeholders = (text: unknown) =>
  [...new Set(String(text).match(/\{\{\s*\w+\s*\}\}/g) ?? [])].map((name) => name.replace(/\s/g, '')).sort();

function valueAt(texts: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], texts);
}

describe('storefront translations', () => {
  const english = resourcesOf('en');

  it('has English texts', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
    const resources = resourcesOf(language);

    it(`${language} is fetched as one bundle when chosen`, () => {
      expect(Object.keys(bundles)).toContain(`./bundles/${language}.ts`);
    });

    for (const namespace of Object.keys(english)) {
      it(`${language} has every ${namespace} text English has, and no other`, () => {
        const want = [...new Set(keyPaths(english[namespace]).map(baseKey))].sort();
        const have = [...new Set(keyPaths(resources[namespace] ?? {}).map(baseKey))].sort();
        expect(have).toEqual(want);
      });
      it(`${language} ${namespace} texts are not left empty`, () => {
        const empty = keyPaths(resources[namespace] ?? {}).filter((path) => {
          const value = valueAt(resources[namespace], path);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty).toEqual([]);
      });
      it(`${language} ${namespace} texts fill in the same values as English`, () => {
        const differ = keyPaths(resources[namespace] ?? {}).filter((path) => {
          const englishPath = keyPaths(english[namespace]).find((key) => baseKey(key) === baseKey(path));
          if (!englishPath) return false;
          const want = placeholders(valueAt(english[namespace], englishPath));
          return JSON.stringify(placeholders(valueAt(resources[namespace], path))) !== JSON.stringify(want);
        });
        expect(differ).toEqual([]);
      });
    }
  }
});
