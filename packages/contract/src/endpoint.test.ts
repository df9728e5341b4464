import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';

describe('endpoint built on first use (decision 079)', () => {
  it('builds the definition once, at the first property read, and answers every property from it', () => {
    let builds = 0;
    const definition = {
      method: 'POST' as const,
      path: '/api/example',
      host: 'main' as const,
      query: z.object({}),
      body: z.object({ amount: z.number() }),
      data: z.object({}),
      auth: 'user' as const,
      idempotency: 'required' as const,
      moneyAction: true as const,
    };
    const lazy = endpoint(() => {
      builds += 1;
      return definition;
    });
    expect(builds).toBe(0);
    expect(lazy.path).toBe('/api/example');
    expect(lazy.body).toBe(definition.body);
    expect({ ...lazy }).toEqual({ ...definition, revalidate: undefined });
    expect(builds).toBe(1);
  });
});
