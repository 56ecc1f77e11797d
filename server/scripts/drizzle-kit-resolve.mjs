// drizzle-orm is installed under server/node_modules while drizzle-kit sits at the root, so drizzle-kit's own
// `import('drizzle-orm/...')` cannot find it. This hook retries such imports from the server package.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    const serverUrl = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
    export async function resolve(specifier, context, next) {
      try {
        return await next(specifier, context);
      } catch (error) {
        if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
          return next(specifier, { ...context, parentURL: serverUrl });
        }
        throw error;
      }
    }
  `)}`,
);
