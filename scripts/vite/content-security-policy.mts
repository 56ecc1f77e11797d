import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * A built app's Content Security Policy, as a meta tag ahead of every script: scripts only from the app's own
 * origin plus index.html's inline scripts (by hash, taken after the other plugins have written into them), no
 * plugins, no <base>. The apps show marketplace HTML (product descriptions), sanitised by the server; this stops a
 * script that slipped through from running. The dev server adds inline scripts of its own, so it has none.
 * List it last among the plugins.
 */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (html.includes('__SHOP_'))
          throw new Error('content-security-policy: index.html still has a placeholder');
        const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
          ([, body]) =>
            ` 'sha256-${createHash('sha256')
              .update(body ?? '')
              .digest('base64')}'`,
        );
        const policy = [`script-src 'self'${hashes.join('')}`, "object-src 'none'", "base-uri 'none'"].join(
          '; ',
        );
        return {
          html,
          tags: [
            {
              tag: 'meta',
              attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}
