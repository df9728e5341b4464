import { realtimeTopic, SALE_STATUS, type MatchOdds, type RealtimeEvent } from '@piranha/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { feedManualCreate, type ManualFeed } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { listen, opened, type Listener } from './realtime-fixtures.ts';

/**
 * Odds pushed (issue 24, decision 075): each feed change goes out once per brand as an `odds_changed` delta keyed by
 * the feed version, to signed-in players and visitors alike; a visitor's socket hears the odds and nothing else.
 */
const ENV = { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' };
const VISITOR_URL = '/api/piranha/odds/socket-url';

type OddsChanged = Extract<RealtimeEvent, { type: 'odds_changed' }>;

let t: TestApp;
let feed: ManualFeed;
const logLines: string[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed, env: ENV, logStream: { write: (line) => void logLines.push(line) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await t.close();
});

/** An open socket and what it heard, in order; `next` waits for the next frame. */
async function connect(path: string): Promise<Listener> {
  const socket = new WebSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${path}`);
  sockets.push(socket);
  const listener = listen(socket);
  await opened(socket);
  return listener;
}

async function visitorUrl(appKey: string): Promise<string> {
  const answer = envelopeOf(await t.get(VISITOR_URL, { headers: { 'app-key': appKey } }));
  expect(answer.dm_error).toBe(0);
  return (answer.data as { url: string }).url;
}

async function playerUrl(session: IssuedSession): Promise<string> {
  const answer = envelopeOf(await t.get('/api/piranha/chat/url', { query: signedIn(session) }));
  expect(answer.dm_error).toBe(0);
  return (answer.data as { url: string }).url;
}

/** What the latest-odds poll answers for the match (main groups), as the delta must carry it. */
function polledOdds(matchId: number): MatchOdds {
  const entry = t.built.sports.state.entry(matchId)!;
  return JSON.parse(t.built.sports.state.oddsJson(entry, false)) as MatchOdds;
}

async function oddsOf(listener: Listener): Promise<OddsChanged & { topic: string }> {
  const frame = await listener.next();
  if (frame.event.type !== 'odds_changed') throw new Error(`not odds: ${frame.event.type}`);
  return { ...frame.event, topic: frame.topic };
}

describe('the visitor socket URL', () => {
  it('names the request’s brand and no player, and its ticket never reaches the log', async () => {
    const url = await visitorUrl('aguila');
    expect(url).toMatch(/^\/ws\?ticket=[A-Za-z0-9_%.-]+$/);
    const ticket = decodeURIComponent(url.split('=')[1]!);
    const payload = JSON.parse(Buffer.from(ticket.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['a', 'e', 'n', 'v']);
    expect(payload.a).toBe('aguila');
    await connect(url);
    expect(logLines.some((line) => line.includes(ticket.split('.')[1]!))).toBe(false);
  });

  it('opens one socket per ticket', async () => {
    const url = await visitorUrl('piranha');
    await connect(url);
    const replay = new WebSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${url}`);
    const status = await new Promise<number>((resolve, reject) => {
      replay.once('open', () => reject(new Error('the replay opened')));
      replay.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      replay.once('error', () => undefined);
    });
    expect(status).toBe(401);
  });
});

describe('odds pushed on a feed change', () => {
  it('sends one frame per brand with the changed matches and chained versions, built once for many sockets', async () => {
    const live = feed.matchAdd({ live: true });
    const quiet = feed.matchAdd({ live: true });
    const piranhaVisitors = [await connect(await visitorUrl('piranha')), await connect(await visitorUrl('piranha'))];
    const player = await t.player('piranha');
    const piranhaPlayer = await connect(await playerUrl(player));
    const aguilaVisitor = await connect(await visitorUrl('aguila'));
    const counts = { ...t.built.sports.oddsPush.counts };
    const before = t.built.sports.state.version();

    feed.matchSet(live.id, { score: { home: 1, away: 0 } });

    const to = t.built.sports.state.version();
    for (const listener of [...piranhaVisitors, piranhaPlayer]) {
      const delta = await oddsOf(listener);
      expect(delta).toEqual({ topic: realtimeTopic.odds('piranha'), type: 'odds_changed', from: before, to, matches: [polledOdds(live.id)], removed: [] });
    }
    const aguila = await oddsOf(aguilaVisitor);
    expect(aguila.topic).toBe(realtimeTopic.odds('aguila'));
    expect(aguila.matches.map((match) => match.id)).toEqual([live.id]);
    expect(aguila.matches.some((match) => match.id === quiet.id)).toBe(false);
    // One event, one frame per brand with an odds socket here (two brands, and the first test's sockets), whatever
    // the number of sockets.
    const brands = t.built.realtime.hub.topicsOf('odds:').length;
    expect(brands).toBe(2);
    expect(t.built.sports.oddsPush.counts.deltas - counts.deltas).toBe(1);
    expect(t.built.sports.oddsPush.counts.built - counts.built).toBe(brands);
    expect(t.built.sports.oddsPush.counts.frames - counts.frames).toBe(t.built.realtime.hub.size());

    // The next change starts where this one ended.
    feed.matchSet(quiet.id, { marketsSuspended: true });
    const next = await oddsOf(piranhaVisitors[0]!);
    expect(next.from).toBe(to);
    expect(next.to).toBe(t.built.sports.state.version());
    expect(next.matches.map((match) => match.id)).toEqual([quiet.id]);
    const markets = next.matches[0]!.mg.flatMap((group) => group.mks);
    expect(markets.some((market) => market.ss === SALE_STATUS.suspended)).toBe(true);
    expect(markets.every((market) => market.ss !== SALE_STATUS.open)).toBe(true);
    expect(piranhaVisitors[0]!.frames.every((frame) => frame.topic === 'odds:piranha')).toBe(true);
    expect(aguilaVisitor.frames.every((frame) => frame.topic === 'odds:aguila')).toBe(true);
  });

  it('gives a visitor the odds but no player or brand events; a player hears both', async () => {
    const visitor = await connect(await visitorUrl('piranha'));
    const player = await t.player('piranha');
    const playerSocket = await connect(await playerUrl(player));
    t.built.realtime.bus.publish(realtimeTopic.player(player.uid), { type: 'first_charge_pop' });
    t.built.realtime.bus.publish(realtimeTopic.brand('piranha'), { type: 'money_rain', rain_id: 'r1' });
    const match = feed.matchAdd({ live: true });
    feed.matchSet(match.id, { score: { home: 0, away: 1 } });

    expect((await playerSocket.next()).event).toEqual({ type: 'first_charge_pop' });
    expect((await playerSocket.next()).event).toEqual({ type: 'money_rain', rain_id: 'r1' });
    // Sockets hear in order: the visitor's first frame being the odds means the two events before it never came.
    const first = await oddsOf(visitor);
    expect(first.matches.map((odds) => odds.id)).toContain(match.id);
    expect(visitor.frames.every((frame) => frame.topic === 'odds:piranha')).toBe(true);
  });
});
