import { PGlite } from '@electric-sql/pglite';
const t=Date.now();
const db = new PGlite();
await db.waitReady;
console.log('ready', Date.now()-t);
console.log((await db.query('select version()')).rows);
const r = await db.query("select to_tsvector('simple', 'Hello World 1005004') as v");
console.log(r.rows, Date.now()-t);
await db.close();
