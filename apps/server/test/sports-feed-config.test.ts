import { matchListGet } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { configLoad } from '../src/config.ts';
import { feedSimulatorCreate } from '../src/providers/feed/feed-simulator.ts';
import { CLOCK_START, envelopeOf, testAppCreate, testDatabaseCreate } from './harness.ts';

describe('sports feed settings', () => {
  it('reads FEED_SEED, FEED_SPEED and FEED_MARGINS, and refuses bad values at start', () => {
    expect(configLoad({}).feed).toEqual({ seed: 1, speedFactor: 1, margins: {} });
    expect(configLoad({ FEED_SEED: '42', FEED_SPEED: '0.5', FEED_MARGINS: '{"result":0.04}' }).feed).toEqual({
      seed: 42,
      speedFactor: 0.5,
      margins: { result: 0.04 },
    });
    expect(() => configLoad({ FEED_SPEED: '0' })).toThrow(/FEED_SPEED/);
    expect(() => configLoad({ FEED_SEED: 'abc' })).toThrow(/FEED_SEED/);
    expect(() => configLoad({ FEED_MARGINS: '[0.1]' })).toThrow(/FEED_MARGINS/);
    expect(() => configLoad({ FEED_MARGINS: '{"result":"high"}' })).toThrow(/FEED_MARGINS/);
  });

  it('refuses an unknown market kind in FEED_MARGINS when the app starts', async () => {
    const database = await testDatabaseCreate();
    try {
      const config = configLoad({ WEB_DIST: 'none', DATABASE_URL: '', FEED_MARGINS: '{"corners":0.1}' });
      await expect(buildApp(config, { logger: false, database: database.database, now: () => CLOCK_START, feedTicker: false })).rejects.toThrow(/corners/);
    } finally {
      await database.close();
    }
  });

  it('serves whichever SportsFeed it is given: the seed decides the matches', async () => {
    const a = await testAppCreate({ env: { FEED_SEED: '3' } });
    const b = await testAppCreate({ env: { FEED_SEED: '4' } });
    try {
      const names = async (app: typeof a) =>
        (envelopeOf(await app.get(matchListGet.path, { query: { page_limit: 5 } })).data.records as { nm: string }[]).map((match) => match.nm);
      expect(await names(a)).not.toEqual(await names(b));
      const same = feedSimulatorCreate({ seed: 3, speedFactor: 1, startMs: CLOCK_START.getTime() });
      expect(a.built.sports.feed.snapshot().matches.map((match) => match.id)).toEqual(same.snapshot().matches.map((match) => match.id));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
