/**
 * Google's ID tokens checked against the key set at GOOGLE_JWKS_URL: fetched on the first sign-in, not at start
 * (decision 103), then kept by jose.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleIdTokenVerifier } from '../src/providers/identity/google-id-token.ts';
import { IdentityTokenError } from '../src/providers/identity/identity.ts';
import { googleTestKeysCreate, type GoogleTestKeys } from './account-fixtures.ts';

const AUDIENCE = '100000-piranha.apps.piranha.example';
const now = () => new Date();
let keys: GoogleTestKeys;
let server: Server;
let fetches = 0;
let jwksUrl: string;

beforeAll(async () => {
  keys = await googleTestKeysCreate(now);
  const body = readFileSync(keys.jwksFile, 'utf8');
  server = createServer((request, response) => {
    fetches += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("Google's remote key set", () => {
  it('is fetched on the first token, not when the verifier is made, and kept for the next', async () => {
    fetches = 0;
    const verifier = googleIdTokenVerifier({ jwksUrl, jwksFile: undefined, now });
    expect(fetches).toBe(0);
    const claims = await verifier.verify(await keys.mint({ sub: 'g-1', email: 'Ana@Gmail.com', email_verified: true }), AUDIENCE);
    expect(claims).toEqual({ subject: 'g-1', email: 'ana@gmail.com', emailAuthoritative: true });
    expect(fetches).toBe(1);
    expect((await verifier.verify(await keys.mint({ sub: 'g-2' }), AUDIENCE)).subject).toBe('g-2');
    expect(fetches).toBe(1);
  });

  it('refuses a token signed by a key the set does not hold', async () => {
    const verifier = googleIdTokenVerifier({ jwksUrl, jwksFile: undefined, now });
    const other = await googleTestKeysCreate(now);
    await expect(verifier.verify(await other.mint({ sub: 'g-3' }), AUDIENCE)).rejects.toBeInstanceOf(IdentityTokenError);
  });
});
