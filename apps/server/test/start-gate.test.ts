/**
 * Cold start (issue 24, docs/decisions/076-cold-start.md): the server answers its first page before the start's jobs
 * ran, so the API waits at the start gate until they did — and answers a clean SERVER_STARTING (HTTP 503, the envelope
 * in the player's language) to a request that waited too long — while /readyz keeps the node out of rotation.
 */
import { ERROR_MESSAGES, ERRORS } from '@piranha/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { testAppCreate, type TestApp } from './harness.ts';

const HOUR_MS = 3_600_000;

/** A job that must run before the API answers (`atStart: 'await'`), held until the test releases it. */
function heldStartJob(t: TestApp): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  t.built.jobs.register({ name: 'test-held-start', scope: 'node', everyMs: HOUR_MS, atStart: 'await', run: () => held });
  return release;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the start gate', () => {
  it('holds the API until the start jobs ran, and /readyz says not ready until then', { timeout: 120_000 }, async () => {
    t = await testAppCreate();
    const release = heldStartJob(t);
    await t.app.ready();

    const readyBefore = await t.get('/readyz');
    expect(readyBefore.status).toBe(503);
    expect(readyBefore.json).toMatchObject({ status: 'not_ready', db: 'ok', jobs: 'starting' });
    // Liveness is not readiness: the process and its database answer.
    expect((await t.get('/healthz')).status).toBe(200);

    let answered = false;
    const early = t.get('/api/v1/conf/global').then((response) => {
      answered = true;
      return response;
    });
    // The gate is still closed: the request waits for it (a later request's answer shows it has not come back).
    expect((await t.get('/readyz')).status).toBe(503);
    expect(answered).toBe(false);

    release();
    await t.built.started;
    const response = await early;
    expect(response.status).toBe(200);
    expect((response.json as { dm_error: number }).dm_error).toBe(0);
    expect((await t.get('/readyz')).json).toMatchObject({ status: 'ready', db: 'ok' });
  });

  it('answers SERVER_STARTING (HTTP 503, in the request language, no stack) to an API request that waited too long', { timeout: 120_000 }, async () => {
    t = await testAppCreate({ startGateWaitMs: 1 });
    const release = heldStartJob(t);
    try {
      const response = await t.get('/api/v1/conf/global', { query: { lca_lang: 'ES' } });
      expect(response.status).toBe(503);
      expect(response.json).toStrictEqual({ dm_error: ERRORS.SERVER_STARTING.code, error_msg: ERROR_MESSAGES['es-MX'].serverStarting, data: {} });
      // The API's own headers, as on any other answer.
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    } finally {
      release();
    }
    await t.built.started;
    expect((await t.get('/api/v1/conf/global')).status).toBe(200);
  });
});
