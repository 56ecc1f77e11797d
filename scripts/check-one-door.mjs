// One door for cross-cutting writes: the activity log and the mail outbox are written only by the module that owns
// each table (activity, mail); every other module goes through that module's index.ts. Part of `npm run
// lint:boundaries`: prints each write found elsewhere and fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each guarded table: its drizzle name, its SQL name, the folder allowed to write it, and the door to use. */
export const DOORS = [
  {
    table: 'activityLog',
    sqlName: 'activity_log',
    owner: 'server/src/modules/activity/',
    door: 'insertActivity / withActivity / recordFailedAttempt from modules/activity/index.ts',
  },
  {
    table: 'outbox',
    sqlName: 'outbox',
    owner: 'server/src/modules/mail/',
    door: 'queueMail from modules/mail/index.ts',
  },
];

// Tests and their harness may set up rows directly.
const TEST_CODE = [/\.test\.tsx?$/, /\.fixtures\.ts$/, /^server\/src\/test\//];

/** The writes to a guarded table in one file's source that bypass its owner: `{ line, table, door }`. */
export function directWrites(path, source) {
  if (TEST_CODE.some((pattern) => pattern.test(path))) return [];
  const found = [];
  for (const { table, sqlName, owner, door } of DOORS) {
    if (path.startsWith(owner)) continue;
    const builder = new RegExp(String.raw`\.(insert|update|delete)\(\s*(?:schema\.)?${table}\s*\)`, 'g');
    const raw = new RegExp(String.raw`\b(insert\s+into|update|delete\s+from)\s+"?${sqlName}"?[\s(]`, 'gi');
    for (const pattern of [builder, raw]) {
      for (const match of source.matchAll(pattern)) {
        const line = source.slice(0, match.index).split('\n').length;
        found.push({ line, table, door });
      }
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function* sourceFiles(root, dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(root, path);
    } else if (/\.(ts|mts|mjs|js)$/.test(entry.name)) {
      yield path;
    }
  }
}

/** Every bypassing write under the server's source and scripts, as `path:line` messages. */
export function checkOneDoor(root, dirs = ['server/src', 'server/scripts']) {
  const problems = [];
  for (const dir of dirs) {
    for (const path of sourceFiles(root, dir)) {
      for (const { line, table, door } of directWrites(path, readFileSync(join(root, path), 'utf8'))) {
        problems.push(`${path}:${line} writes ${table} directly: use ${door}`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(fileURLToPath(import.meta.url), '../..');
  const problems = checkOneDoor(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n✘ ${problems.length} direct write(s) past the owning module`);
    process.exit(1);
  }
  console.log('✔ the activity log and the outbox are written only through their modules');
}
