import { describe, expect, it } from 'vitest';
import { createStartProgress, STALL_MS } from './start-progress.mjs';

const targets = ['the API', 'Storefront'];

function clocked() {
  let time = 0;
  const progress = createStartProgress({ targets, api: 'the API', now: () => time });
  return { progress, pass: (ms) => (time += ms) };
}

const answers = (api, store) =>
  new Map([
    ['the API', api],
    ['Storefront', store],
  ]);

describe('waiting for npm start', () => {
  it('says which start-up step the API is on, and what else is not answering', () => {
    const { progress } = clocked();
    expect(progress.waitingFor()).toBe('the API (not answering yet), Storefront (not answering yet)');
    progress.apiReported('applying migrations');
    expect(progress.waitingFor()).toBe('the API (applying migrations), Storefront (not answering yet)');
    progress.observed(answers('not answering yet', null));
    expect(progress.waitingFor()).toBe('the API (applying migrations)');
    expect(progress.ready).toBe(false);
  });

  it('keeps waiting past any fixed deadline while the API goes on reporting', () => {
    const { progress, pass } = clocked();
    progress.observed(answers('not answering yet', null));
    for (let minute = 0; minute < 30; minute++) {
      pass(60_000);
      progress.apiReported('seeding demo data');
      progress.observed(answers('not answering yet', null));
      expect(progress.stalled).toBe(false);
    }
    progress.observed(answers(null, null));
    expect(progress.ready).toBe(true);
  });

  it('gives up once nothing has changed for the stall time', () => {
    const { progress, pass } = clocked();
    progress.apiReported('applying migrations');
    pass(STALL_MS - 1);
    progress.observed(answers('not answering yet', 'not answering yet'));
    expect(progress.stalled).toBe(false);
    pass(1);
    expect(progress.stalled).toBe(true);
    expect(progress.waitingFor()).toBe('the API (applying migrations), Storefront (not answering yet)');
  });

  it('counts an address starting to answer as progress', () => {
    const { progress, pass } = clocked();
    pass(STALL_MS - 1);
    progress.observed(answers('not answering yet', null));
    pass(STALL_MS - 1);
    expect(progress.stalled).toBe(false);
  });

  it('says what an address answered when it answers with an error', () => {
    const { progress } = clocked();
    progress.apiReported('starting background jobs and listening');
    progress.observed(answers('answers 503: redis down', null));
    expect(progress.waitingFor()).toBe('the API (answers 503: redis down)');
    expect(progress.ready).toBe(false);
  });
});
