import { describe, expect, it } from 'vitest';
import { configLoad } from '../config.ts';
import { fastifyCreate, httpsTestOf, pollLaneOf } from './http-server.ts';
import { rateLimitStoreMemory } from './rate-limit.ts';

function fastifyForTest() {
  const config = configLoad({ DATABASE_URL: '' });
  const httpsOf = httpsTestOf(config);
  return fastifyCreate(config, { lane: pollLaneOf(config, rateLimitStoreMemory(), httpsOf), httpsOf, logger: false });
}

describe('the Fastify instance', () => {
  it('refuses a route with a JSON schema: requests are checked by their zod contracts, once', async () => {
    const app = fastifyForTest();
    app.get('/json-schema', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/zod contract/);
    await app.close().catch(() => {});
  });

  it('serves a route without one, and a static-style route whose schema only hides it', async () => {
    const app = fastifyForTest();
    app.get('/plain', async () => ({ ok: true }));
    // Fastify's type names only the parts it validates; @fastify/static passes `hide` the same way.
    const hidden: Record<string, unknown> = { hide: true };
    app.get('/hidden', { schema: hidden }, async () => ({ hidden: true }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/plain' })).json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'GET', url: '/hidden' })).json()).toEqual({ hidden: true });
    await app.close();
  });
});
