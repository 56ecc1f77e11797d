// Fails when src/generated/api.ts differs from what openapi-typescript makes of ../openapi.yaml now,
// so a contract change cannot land without its regenerated types (`npm run generate -w @shop/sdk`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const sdkDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const committedPath = join(sdkDir, 'src/generated/api.ts');
const manifestPath = createRequire(import.meta.url).resolve('openapi-typescript/package.json');
const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
const cli = join(dirname(manifestPath), typeof bin === 'string' ? bin : bin['openapi-typescript']);
const workDir = mkdtempSync(join(tmpdir(), 'sdk-generated-'));

try {
  const freshPath = join(workDir, 'api.ts');
  execFileSync(process.execPath, [cli, '../openapi.yaml', '-o', freshPath], {
    cwd: sdkDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const fresh = readFileSync(freshPath, 'utf8').split('\n');
  let committed;
  try {
    committed = readFileSync(committedPath, 'utf8').split('\n');
  } catch {
    console.error('src/generated/api.ts is missing: run `npm run generate -w @shop/sdk` and commit it.');
    process.exit(1);
  }
  const line = fresh.findIndex((text, index) => text !== committed[index]);
  if (line === -1 && fresh.length === committed.length) {
    console.log('src/generated/api.ts matches openapi.yaml.');
  } else {
    const at = line === -1 ? Math.min(fresh.length, committed.length) : line;
    console.error(
      `src/generated/api.ts is out of date with openapi.yaml (first difference at line ${at + 1}):`,
    );
    console.error(`  committed: ${committed[at] ?? '<end of file>'}`);
    console.error(`  expected:  ${fresh[at] ?? '<end of file>'}`);
    console.error('Run `npm run generate -w @shop/sdk` and commit the result.');
    process.exitCode = 1;
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
