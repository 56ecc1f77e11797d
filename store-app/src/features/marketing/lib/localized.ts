import type { Schemas } from '@shop/sdk/types';

type LocalizedText = Schemas['LocalizedText'];

/** The text in the shopper's language; English when staff left that language empty. */
export function localized(text: LocalizedText, language: string): string {
  const own = (text as Record<string, string | undefined>)[language]?.trim();
  return own || text.en;
}

/** Where a banner or the popup leads: a storefront path becomes a hash link; an outside address opens apart. */
export function linkTarget(link: string): { href: string; external: boolean } {
  return link.startsWith('/') ? { href: `#${link}`, external: false } : { href: link, external: true };
}
