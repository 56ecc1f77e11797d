import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasPostgresBinaries = () =>
  existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));

/** A TCP port on loopback nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ThrowawayPostgres {
  url: string;
  /** Stops the server (`fast`: connections are ended, as a restart does) and waits until it is down. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  remove(): Promise<void>;
}

/**
 * A PostgreSQL 15 cluster of a test's own, for tests that stop and start the server itself (the shared test
 * server must keep running for the other test files). As root, the server runs as the `postgres` user.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'shop-pg-own-'));
  const data = join(folder, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = async (tool: string, args: string[]) => {
    const command = [join(PG_BIN, tool), ...args]
      .map((part) => `'${part.replaceAll("'", "'\\''")}'`)
      .join(' ');
    await (asRoot ? run('su', ['postgres', '-c', command]) : run('bash', ['-c', command]));
  };
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => pg('pg_ctl', ['-D', data, '-l', join(folder, 'pg.log'), '-w', '-o', options, 'start']);
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start,
    remove: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
