import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { releaseOnFailedBegin } from './client.ts';

function client(answer: (text: string) => Promise<unknown>) {
  const release = vi.fn();
  const stub = {
    query: (config: string | { text: string }) => answer(typeof config === 'string' ? config : config.text),
    release,
  };
  releaseOnFailedBegin(stub as unknown as pg.PoolClient);
  return { query: stub.query as (config: string | { text: string }) => Promise<unknown>, release };
}

const cut = () => Promise.reject(new Error('Connection terminated unexpectedly'));

describe('a transaction whose begin fails', () => {
  it('gives its connection back to the pool, to be discarded', async () => {
    for (const begin of ['begin', 'begin isolation level repeatable read read only']) {
      const { query, release } = client(cut);
      await expect(query({ text: begin })).rejects.toThrow('Connection terminated unexpectedly');
      expect(release).toHaveBeenCalledTimes(1);
      expect(release.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    }
  });

  it('leaves every other statement to its caller', async () => {
    const { query, release } = client(cut);
    await expect(query('select 1')).rejects.toThrow();
    await expect(query('commit')).rejects.toThrow();
    // pg-boss sends whole transactions as one text through pool.query, which releases the client itself.
    await expect(query('BEGIN; SELECT 1; COMMIT;')).rejects.toThrow();
    expect(release).not.toHaveBeenCalled();
  });

  it('changes nothing when begin succeeds', async () => {
    const { query, release } = client(async () => ({ rows: [] }));
    await expect(query('begin')).resolves.toEqual({ rows: [] });
    expect(release).not.toHaveBeenCalled();
  });
});
