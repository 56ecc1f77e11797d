// Builds the server suite's PGlite templates into the folder given (scripts/test.sh, ahead of the PGlite pass, which
// reads them through SHOP_PGLITE_TEMPLATES): `node --import tsx server/src/test/build-pglite-templates.ts <folder>`.
import { mkdirSync } from 'node:fs';
import { buildPgliteTemplates } from './global-setup.ts';

const folder = process.argv[2];
if (!folder) throw new Error('usage: build-pglite-templates.ts <folder>');
mkdirSync(folder, { recursive: true });
const templates = await buildPgliteTemplates(folder);
console.log(`PGlite templates: ${templates.migrated}, ${templates.seeded}`);
