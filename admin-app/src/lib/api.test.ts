import { describe, expect, it } from 'vitest';
import { $api, readKey } from './api';

describe('readKey', () => {
  it('is the start of the key the typed client gives every read of that operation', () => {
    const list = $api.queryOptions('get', '/product/', { params: { query: { page: 2, q: 'lamp' } } });
    const one = $api.queryOptions('get', '/product/{id}', { params: { path: { id: 'p-1' } } });
    expect(list.queryKey.slice(0, 2)).toEqual([...readKey('/product/')]);
    expect(one.queryKey.slice(0, 2)).toEqual([...readKey('/product/{id}')]);
    expect(one.queryKey.slice(0, 2)).not.toEqual([...readKey('/product/')]);
  });
});
