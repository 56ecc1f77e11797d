import { useEffect } from 'react';

export type PageMeta = { title?: string | null; description?: string | null };

// What index.html says, for when the store has no defaults of its own (or they have not arrived yet).
const htmlDefaults: Required<PageMeta> =
  typeof document === 'undefined'
    ? { title: null, description: null }
    : {
        title: document.title || null,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
      };

let defaults: PageMeta = {};
// The pages that named their own title or description, the latest last: a page's effect runs before the root's,
// so they are kept apart from the defaults instead of written over each other.
const pages = new Map<symbol, PageMeta>();

function apply(): void {
  const own = [...pages.values()].at(-1);
  const siteTitle = defaults.title || htmlDefaults.title || '';
  document.title = own?.title ? (siteTitle ? `${own.title} | ${siteTitle}` : own.title) : siteTitle;
  const description = own?.description || defaults.description || htmlDefaults.description;
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = description;
}

/** The store's meta tag defaults (Marketing & Content): what pages without their own title or description use. */
export function useMetaDefaults(meta: PageMeta): void {
  const { title, description } = meta;
  useEffect(() => {
    defaults = { title, description };
    apply();
  }, [title, description]);
}

/** A page's own title (shown before the store's) and description, while the page is shown. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description } = meta;
  useEffect(() => {
    const key = Symbol('page');
    pages.set(key, { title, description });
    apply();
    return () => {
      pages.delete(key);
      apply();
    };
  }, [title, description]);
}
