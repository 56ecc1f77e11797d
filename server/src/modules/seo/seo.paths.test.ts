import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alternatesOf, routeOf } from './seo.paths.ts';

// The storefront's routes as its router knows them (generated from store-app/src/routes).
const ROUTE_TREE = new URL('../../../../store-app/src/routeTree.gen.ts', import.meta.url);
const UUID = '0b9f3a52-4c1e-4d6b-9a7e-2f8c5d1e6a43';

describe('storefront paths', () => {
  it('knows every route of the storefront, so none answers 404 to a crawler', () => {
    const routes = [
      ...new Set(
        [...readFileSync(ROUTE_TREE, 'utf8').matchAll(/fullPath: '([^']+)'/g)].map((match) => match[1] ?? ''),
      ),
    ];
    expect(routes.length).toBeGreaterThan(20);
    const examples: Record<string, string> = { $id: UUID, $slug: 'electronics' };
    for (const route of routes) {
      const path = route.replace(/\$\w+/g, (param) => examples[param] ?? 'x');
      expect({ route, kind: routeOf(path).kind }).not.toEqual({ route, kind: 'unknown' });
    }
  });

  it('names each page once, whatever its query or trailing slash', () => {
    expect(routeOf(`/products/${UUID.toUpperCase()}/?lang=bn`)).toEqual({ kind: 'product', id: UUID });
    expect(routeOf('/category/home-kitchen')).toEqual({ kind: 'category', slug: 'home-kitchen' });
    expect(routeOf('/search/Beauty')).toEqual({ kind: 'category', slug: 'beauty' });
    expect(routeOf('/search/lamp')).toEqual({ kind: 'app', index: false });
    expect(routeOf('/blog/a%20post')).toEqual({ kind: 'blog-post', slug: 'a post' });
    expect(routeOf('/blog/%E0%A4')).toEqual({ kind: 'unknown' });
    expect(routeOf('/products/42')).toEqual({ kind: 'unknown' });
    expect(routeOf('/about')).toEqual({ kind: 'app', index: true });
  });

  it('gives each language its own address and English as the default', () => {
    expect(alternatesOf('https://shop.example.com/', '/blog')).toEqual([
      { hreflang: 'en', href: 'https://shop.example.com/blog' },
      { hreflang: 'bn', href: 'https://shop.example.com/blog?lang=bn' },
      { hreflang: 'hi', href: 'https://shop.example.com/blog?lang=hi' },
      { hreflang: 'es', href: 'https://shop.example.com/blog?lang=es' },
      { hreflang: 'x-default', href: 'https://shop.example.com/blog' },
    ]);
  });
});
