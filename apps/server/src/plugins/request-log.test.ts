import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { configLoad, LOG_REQUEST_SAMPLE_DEFAULT } from '../config.ts';
import { requestLogRegister } from './request-log.ts';

/** A bare Fastify with the request log, its lines captured, and the sample drawn from `draws` in turn. */
async function appWith(sample: number, draws: number[], slowMs = 60_000) {
  const lines: { msg: string; level: number; req?: { url: string }; res?: { statusCode: number } }[] = [];
  const app = Fastify({
    logController: new LogController({ disableRequestLogging: true }),
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) } },
  });
  let next = 0;
  requestLogRegister(app, { sample, slowMs, random: () => draws[next++ % draws.length]! });
  app.get('/ok', async () => 'ok');
  app.get('/fail', async () => {
    throw new Error('broken');
  });
  await app.ready();
  return { app, lines: () => lines.filter((line) => line.req !== undefined) };
}

describe('the request log', () => {
  it('logs the drawn sample of ordinary requests, and every failed one', async () => {
    const { app, lines } = await appWith(0.5, [0.1, 0.9, 0.4, 0.6]);
    for (let i = 0; i < 4; i += 1) await app.inject('/ok');
    await app.inject('/fail');
    const logged = lines();
    expect(logged.filter((line) => line.msg === 'request completed')).toHaveLength(2);
    expect(logged.find((line) => line.msg === 'request failed')).toMatchObject({ level: 50, req: { url: '/fail' }, res: { statusCode: 500 } });
    expect(logged).toHaveLength(3);
    await app.close();
  });

  it('logs every request slower than the threshold as a warning, sampled or not', async () => {
    // A threshold of 0 ms makes every request a slow one, without a test that waits on the clock.
    const { app, lines } = await appWith(0, [0], 0);
    await app.inject('/ok');
    expect(lines()).toEqual([expect.objectContaining({ msg: 'slow request', level: 40, req: expect.objectContaining({ url: '/ok' }) })]);
    await app.close();
  });

  it('logs every request at 1 and no ordinary one at 0', async () => {
    const all = await appWith(1, [0.99]);
    for (let i = 0; i < 3; i += 1) await all.app.inject('/ok');
    expect(all.lines()).toHaveLength(3);
    await all.app.close();
    const none = await appWith(0, [0]);
    for (let i = 0; i < 3; i += 1) await none.app.inject('/ok');
    expect(none.lines()).toHaveLength(0);
    await none.app.close();
  });
});

describe('LOG_REQUEST_SAMPLE', () => {
  it('defaults to the measured sample, takes 0 to 1, and refuses anything else at start', () => {
    expect(configLoad({}).logRequestSample).toBe(LOG_REQUEST_SAMPLE_DEFAULT);
    expect(configLoad({ LOG_REQUEST_SAMPLE: '0' }).logRequestSample).toBe(0);
    expect(configLoad({ LOG_REQUEST_SAMPLE: '1' }).logRequestSample).toBe(1);
    for (const bad of ['1.5', '-0.1', 'all']) expect(() => configLoad({ LOG_REQUEST_SAMPLE: bad })).toThrow(/LOG_REQUEST_SAMPLE must be a number from 0 to 1/);
  });
});
