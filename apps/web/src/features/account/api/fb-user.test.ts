import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../shared/api/api.ts', () => ({ api: { call: () => Promise.reject(new Error('not in this test')) } }));

const { fbUserEnsure } = await import('./fb-user.ts');

const record = { uid: 7, nick: 'Player7', currency: 'BRL', create_at: 1 };

function fakeServer(initially: boolean) {
  let exists = initially;
  const calls: string[] = [];
  return {
    calls,
    api: {
      profileGet: async () => (calls.push('profile/get'), exists ? { exists: 1 as const, user: record } : { exists: 0 as const, user: null }),
      create: async () => {
        calls.push('create');
        exists = true;
      },
    },
  };
}

describe('fbUserEnsure (spec §4: create the user when none, then fetch again)', () => {
  it('creates the record when the first fetch finds none, then fetches it again', async () => {
    const server = fakeServer(false);
    expect(await fbUserEnsure(server.api)).toEqual(record);
    expect(server.calls).toEqual(['profile/get', 'create', 'profile/get']);
  });

  it('only fetches when the record exists', async () => {
    const server = fakeServer(true);
    expect(await fbUserEnsure(server.api)).toEqual(record);
    expect(server.calls).toEqual(['profile/get']);
  });
});
