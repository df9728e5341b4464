/**
 * Bench helper (run with tsx by bench.mjs): the feed tick with 500 live matches, in process. Builds 500 fixtures
 * from two seeded weeks, kicked off 1–8 minutes ago (spread over the seconds, as real kick-offs are), then ticks the simulator second by second at real speed
 * with the sports state subscribed, so each tick includes re-pricing. Prints one JSON line with the timings.
 */
import { marketMarginsDefault } from '@piranha/domain';
import { sportsStateCreate } from '../../apps/server/src/modules/sports/sports-state.ts';
import { feedSimulatorCreate } from '../../apps/server/src/providers/feed/feed-simulator.ts';
import { fixturesGenerate, type FixtureSet } from '../../apps/server/src/providers/feed/fixture-generator.ts';

const liveTarget = 500;
const ticks = Number(process.env.SPORTS_TICKS ?? 60);
const startMs = Date.UTC(2026, 2, 2, 12, 0);

const sets = [1, 2].map((seed) => fixturesGenerate({ seed, nowMs: startMs }));
const all = sets.flatMap((set) => set.fixtures);
const fixtures = all
  .slice(0, liveTarget)
  .map((fixture, index) => ({ ...fixture, id: 100_001 + index, startsAtMs: startMs - (60 + ((index * 7919) % 420)) * 1000 }));
const set: FixtureSet = { leagues: sets[0]!.leagues, teams: sets.flatMap((one) => one.teams), fixtures };

const feed = feedSimulatorCreate({ seed: 1, speedFactor: 1, startMs, fixtures: set });
// The bench measures ticks within the hour, not the daily top-up of upcoming fixtures.
const state = sportsStateCreate(feed, marketMarginsDefault);
const live = () => feed.snapshot().matches.filter((match) => match.status === 'live').length;
const liveAtStart = live();

const durations: number[] = [];
for (let tick = 1; tick <= ticks; tick++) {
  const started = performance.now();
  feed.tick(startMs + tick * 1000);
  durations.push(performance.now() - started);
}
durations.sort((left, right) => left - right);
const at = (share: number) => durations[Math.min(durations.length - 1, Math.floor(share * durations.length))]!;
console.log(
  JSON.stringify({
    ticks,
    liveAtStart,
    liveAtEnd: live(),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: durations.at(-1),
    meanMs: durations.reduce((sum, value) => sum + value, 0) / durations.length,
    version: state.version(),
  }),
);
state.stop();
