import {
  ERRORS,
  homeTabList,
  leagueList,
  matchGetDetail,
  matchGetList,
  matchListBySource,
  matchListGet,
  matchListGetByIds,
  matchListGetNew,
  matchOddsLatest,
  matchResultList,
  matchSearch,
  MATCH_LIST_CAP,
  type Endpoint,
  type Match,
} from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_START, envelopeOf, testAppCreate, type RequestInput, type TestApp } from './harness.ts';

/**
 * The sports endpoints on a seeded feed. The app's clock stays pinned (its one-second ticker never moves the feed);
 * tests move the feed themselves with `feed.tick`, so every answer is reproducible.
 */

let t: TestApp;
let feedNowMs = CLOCK_START.getTime();

beforeAll(async () => {
  t = await testAppCreate({ env: { FEED_SEED: '7' } });
});
afterAll(() => t?.close());

function feedAdvance(ms: number): void {
  feedNowMs += ms;
  t.built.sports.feed.tick(feedNowMs);
}

async function callOk<E extends Endpoint>(definition: E, input: RequestInput = {}) {
  const response = await t.request(definition.method, definition.path, input);
  expect(response.status).toBe(200);
  const envelope = envelopeOf(response);
  expect(envelope.dm_error, JSON.stringify(envelope).slice(0, 300)).toBe(0);
  return definition.data.parse(envelope.data) as ReturnType<E['data']['parse']>;
}

async function callRefused(definition: Endpoint, input: RequestInput, field: string) {
  const response = await t.request(definition.method, definition.path, input);
  const envelope = envelopeOf(response);
  expect(envelope.dm_error, JSON.stringify(envelope)).toBe(ERRORS.VALIDATION_FAILED.code);
  expect(envelope.data.field).toBe(field);
  expect(envelope.error_msg).not.toBe('');
}

const ids = (records: readonly { id: number }[]) => records.map((record) => record.id);

describe('getList', () => {
  it('pages a sport tab by page_limit, first size 5, without duplicates, and stops at 50 records', async () => {
    const first = await callOk(matchGetList, { body: { tab_key: 'Soccer', size: 5 } });
    expect(first.records).toHaveLength(5);
    expect(first.cursor).toBe(5);
    expect(first.has_more).toBe(1);
    const seen = [...ids(first.records)];
    let cursor = first.cursor;
    let hasMore = first.has_more;
    while (hasMore === 1) {
      const page = await callOk(matchGetList, { body: { tab_key: 'Soccer', cursor, page_limit: 10 } });
      expect(page.records.length).toBeGreaterThan(0);
      seen.push(...ids(page.records));
      cursor = page.cursor;
      hasMore = page.has_more;
    }
    expect(seen).toHaveLength(MATCH_LIST_CAP);
    expect(new Set(seen).size).toBe(MATCH_LIST_CAP);
    const past = await callOk(matchGetList, { body: { tab_key: 'Soccer', cursor: MATCH_LIST_CAP } });
    expect(past).toMatchObject({ records: [], has_more: 0, cursor: MATCH_LIST_CAP });
  });

  it('lists live matches first, then upcoming by start time; soccer cards carry 1X2 and the main total', async () => {
    const page = await callOk(matchGetList, { body: { tab_key: 'Soccer', page_limit: 50 } });
    const live = page.records.filter((match) => match.ms === 5);
    expect(live.length).toBeGreaterThan(0);
    expect(page.records.slice(0, live.length).every((match) => match.ms === 5)).toBe(true);
    const upcoming = page.records.slice(live.length);
    expect(upcoming.every((match, index) => match.ms === 4 && (index === 0 || match.bt >= upcoming[index - 1]!.bt))).toBe(true);
    const card = upcoming[0]!;
    expect(card.sid).toBe(1);
    expect(card.mg.map((group) => group.mty).sort()).toEqual([1000, 1005, 1007]);
    const result = card.mg.find((group) => group.mty === 1005)!;
    expect(result.mks).toHaveLength(1);
    expect(result.mks[0]!.op!.map((option) => option.ty)).toEqual([1, 3, 2]);
    expect(result.mks[0]!.op!.every((option) => option.od > 1)).toBe(true);
    expect(card.nsg).toEqual([]);
    expect(card.ts[0].na).not.toBe(card.ts[1].na);
  });

  it('shows at most 3 live matches on InPlay and only live ones on Live; filters by sport and league', async () => {
    const inPlay = await callOk(matchGetList, { body: { tab_key: 'InPlay', page_limit: 50 } });
    expect(inPlay.records.filter((match) => match.ms === 5).length).toBeLessThanOrEqual(3);
    const live = await callOk(matchGetList, { body: { tab_key: 'Live', page_limit: 50 } });
    expect(live.records.length).toBeGreaterThan(3);
    expect(live.records.every((match) => match.ms === 5)).toBe(true);
    const tennis = await callOk(matchGetList, { body: { tab_key: 'Live', sport_key: 'tennis' } });
    expect(tennis.records.length).toBeGreaterThan(0);
    expect(tennis.records.every((match) => match.sid === 5)).toBe(true);
    const leagueId = tennis.records[0]!.lg.id;
    const league = await callOk(matchGetList, { body: { tab_key: 'Tennis', league_id: leagueId, page_limit: 50 } });
    expect(league.records.length).toBeGreaterThan(1);
    expect(league.records.every((match) => match.lg.id === leagueId)).toBe(true);
  });

  it('keeps one cached answer whatever the common parameters uuid, afid and from_email say (decision 033)', async () => {
    const input = { body: { tab_key: 'Live', page_limit: 20 } };
    const plain = await t.post(matchGetList.path, input);
    const tagged = await t.post(matchGetList.path, { ...input, query: { uuid: 'install-0001', afid: 'aff-77', from_email: 'spring-promo', _t: '1' } });
    expect(tagged.headers.etag).toBe(plain.headers.etag);
    expect(tagged.text).toBe(plain.text);
    const other = { uuid: 'install-0002', afid: 'aff-78', from_email: 'winter-promo' };
    const revalidated = await t.post(matchGetList.path, { ...input, query: other, headers: { 'if-none-match': plain.headers.etag as string } });
    expect(revalidated.status).toBe(304);
  });

  it('names only logos that are served: every team and league logo of the list is an image, or none is named', async () => {
    const page = await callOk(matchGetList, { body: { tab_key: 'Soccer', page_limit: 50 } });
    const logos = new Set(page.records.flatMap((match) => [match.lg.lurl, ...match.ts.map((team) => team.lurl)]));
    for (const logo of logos) {
      if (logo === '') continue;
      const response = await t.request('GET', logo);
      expect(response.status, logo).toBe(200);
      expect(String(response.headers['content-type']), logo).toMatch(/^image\//);
    }
  });

  it('answers 304 to If-None-Match while the snapshot is unchanged, and a new body once the feed moves', async () => {
    const input = { body: { tab_key: 'Live', page_limit: 20 } };
    const first = await t.post(matchGetList.path, input);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await t.post(matchGetList.path, input);
    expect(again.headers.etag).toBe(etag);
    expect(again.text).toBe(first.text);
    const notModified = await t.post(matchGetList.path, { ...input, headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    feedAdvance(5_000);
    const moved = await t.post(matchGetList.path, { ...input, headers: { 'if-none-match': etag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
  });

  it('refuses an unknown tab, a negative cursor, a cursor past the cap, a string page limit and unknown fields, naming the field', async () => {
    await callRefused(matchGetList, { body: { tab_key: 'Darts' } }, 'tab_key');
    await callRefused(matchGetList, { body: {} }, 'tab_key');
    await callRefused(matchGetList, { body: { tab_key: 'Soccer', cursor: -1 } }, 'cursor');
    await callRefused(matchGetList, { body: { tab_key: 'Soccer', cursor: 51 } }, 'cursor');
    await callRefused(matchGetList, { body: { tab_key: 'Soccer', page_limit: '10' } }, 'page_limit');
    await callRefused(matchGetList, { body: { tab_key: 'Soccer', page_limit: 51 } }, 'page_limit');
    await callRefused(matchGetList, { body: { tab_key: 'Soccer', size: 0 } }, 'size');
    await callRefused(matchGetList, { body: { tab_key: 'Soccer', league_id: 1.5 } }, 'league_id');
    await callRefused(matchGetList, { body: { tab_key: 'Soccer', page: 2 } }, 'page');
  });
});

describe('getMatchDetail', () => {
  it('answers every market group of a match with the pinned result group first', async () => {
    const { records } = await callOk(matchListGet, { query: { sport_id: 1, status: 'upcoming', page_limit: 1 } });
    const detail = await callOk(matchGetDetail, { body: { match_id: records[0]!.id } });
    expect(detail.mg[0]).toMatchObject({ mty: 1005, pe: 1001 });
    const types = new Set(detail.mg.map((group) => `${group.mty}/${group.pe}`));
    for (const expected of ['1005/1001', '1005/1002', '1000/1001', '1007/1001', '1027/1001', '1012/1001', '1006/1001', '1099/1001'])
      expect(types).toContain(expected);
    const handicap = detail.mg.find((group) => group.mty === 1000)!;
    expect(handicap.mks.length).toBeGreaterThanOrEqual(3);
    expect(handicap.mks.some((market) => /\.(25|75)$/.test(market.li ?? ''))).toBe(true);
    expect(new Set(detail.mg.flatMap((group) => group.mks.map((market) => market.id))).size).toBe(detail.mg.reduce((sum, group) => sum + group.mks.length, 0));
    expect(detail.tms).toBe(detail.mg.reduce((sum, group) => sum + group.mks.length, 0));
  });

  it('puts each sport’s winner first', async () => {
    for (const [sportId, winner] of [
      [3, 3004],
      [5, 5001],
      [13, 13001],
      [15, 15001],
    ] as const) {
      const { records } = await callOk(matchListGet, { query: { sport_id: sportId, page_limit: 1 } });
      const detail = await callOk(matchGetDetail, { body: { match_id: records[0]!.id } });
      expect(detail.mg[0]!.mty).toBe(winner);
      expect(detail.mg.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('answers NOT_FOUND naming match_id for an unknown match and refuses a string id', async () => {
    const response = await t.post(matchGetDetail.path, { body: { match_id: 999_999 } });
    expect(envelopeOf(response)).toMatchObject({ dm_error: ERRORS.NOT_FOUND.code, data: { field: 'match_id' } });
    await callRefused(matchGetDetail, { body: { match_id: '100001' } }, 'match_id');
  });
});

describe('list/get, get_new, by_source, get_by_ids', () => {
  it('returns only what changed after the incremental cursor, then nothing, and asks a client from the future to reload', async () => {
    const list = await callOk(matchListGet, { query: { status: 'live', page_limit: 50 } });
    const cursor = list.incr_cursor;
    const unchanged = await callOk(matchListGetNew, { query: { cursor } });
    expect(unchanged).toEqual({ records: [], removed_ids: [], incr_cursor: cursor, reset: 0 });
    feedAdvance(5 * 60_000);
    const changed = await callOk(matchListGetNew, { query: { cursor } });
    expect(changed.incr_cursor).toBeGreaterThan(cursor);
    expect(changed.records.length).toBeGreaterThan(0);
    expect(changed.records.every((match) => match.incr_cursor > cursor)).toBe(true);
    const after = await callOk(matchListGetNew, { query: { cursor: changed.incr_cursor } });
    expect(after.records).toEqual([]);
    const future = await callOk(matchListGetNew, { query: { cursor: changed.incr_cursor + 1000 } });
    expect(future.reset).toBe(1);
    await callRefused(matchListGetNew, { query: { cursor: '-1' } }, 'cursor');
    await callRefused(matchListGetNew, {}, 'cursor');
  });

  it('lists one team’s live and upcoming matches (the A–Z filter’s team page), home or away, and refuses a bad team id', async () => {
    const { records } = await callOk(matchListGet, { query: { sport_id: 1, page_limit: 50 } });
    const team = records[0]!.ts[1];
    const played = await callOk(matchListGet, { query: { team_id: String(team.id), page_limit: '50' } });
    expect(played.records.length).toBeGreaterThan(0);
    expect(played.records.every((match) => match.ts.some((side) => side.id === team.id))).toBe(true);
    const all = await callOk(matchListGet, { query: { page_limit: 50 } });
    const expected = all.records.filter((match) => match.ts.some((side) => side.id === team.id)).map((match) => match.id);
    expect(ids(played.records).filter((id) => ids(all.records).includes(id))).toEqual(expected);
    // Filters combine: the team's matches in another sport are none.
    const otherSport = await callOk(matchListGet, { query: { team_id: team.id, sport_id: 5 } });
    expect(otherSport.records).toEqual([]);
    const unknown = await callOk(matchListGet, { query: { team_id: 999_999_999 } });
    expect(unknown).toMatchObject({ records: [], has_more: 0 });
    await callRefused(matchListGet, { query: { team_id: '0' } }, 'team_id');
    await callRefused(matchListGet, { query: { team_id: '-4' } }, 'team_id');
    await callRefused(matchListGet, { query: { team_id: 'abc' } }, 'team_id');
    await callRefused(matchListGet, { query: { team_id: '1.5' } }, 'team_id');
  });

  it('lists by source: featured, live, today and upcoming', async () => {
    const hot = await callOk(matchListBySource, { query: { source: 'hot', page_limit: 50 } });
    expect(hot.records.length).toBeGreaterThan(0);
    expect(hot.records.every((match) => match.is_hot === 1)).toBe(true);
    const upcoming = await callOk(matchListBySource, { query: { source: 'upcoming', sport_id: 3 } });
    expect(upcoming.records.every((match) => match.ms === 4 && match.sid === 3)).toBe(true);
    await callRefused(matchListBySource, { query: { source: 'yesterday' } }, 'source');
    await callRefused(matchListBySource, { query: { source: 'live', sport_id: '2' } }, 'sport_id');
  });

  it('answers matches by id in the order asked, skipping unknown ids, and refuses 10,000 ids', async () => {
    const { records } = await callOk(matchListGet, { query: { page_limit: 3 } });
    const asked = [records[2]!.id, 424_242, records[0]!.id];
    const byIds = await callOk(matchListGetByIds, { body: { match_ids: asked } });
    expect(ids(byIds.records)).toEqual([records[2]!.id, records[0]!.id]);
    await callRefused(matchListGetByIds, { body: { match_ids: Array.from({ length: 10_000 }, (_, index) => index + 1) } }, 'match_ids');
    await callRefused(matchListGetByIds, { body: { match_ids: [] } }, 'match_ids');
    await callRefused(matchListGetByIds, { body: { match_ids: ['x'] } }, 'match_ids.0');
  });
});

describe('latest odds', () => {
  it('answers the moving parts of 20 matches, with every group on detail=1, and 304 while unchanged', async () => {
    const { records } = await callOk(matchListGet, { query: { page_limit: 20 } });
    const query = { match_ids: ids(records).join(',') };
    const odds = await callOk(matchOddsLatest, { query });
    expect(ids(odds.records)).toEqual(ids(records));
    expect(odds.records[0]!.mg).toEqual(records[0]!.mg);
    // Each carries the feed version of its match's last change, as the list does: a page polling two nodes keeps the newer copy.
    expect(odds.records.map((record) => record.incr_cursor)).toEqual(records.map((record) => record.incr_cursor));
    const detail = await callOk(matchOddsLatest, { query: { ...query, detail: 1 } });
    expect(detail.records[0]!.mg.length).toBeGreaterThan(odds.records[0]!.mg.length);
    const first = await t.get(matchOddsLatest.path, { query });
    const notModified = await t.get(matchOddsLatest.path, { query, headers: { 'if-none-match': first.headers.etag as string } });
    expect(notModified.status).toBe(304);
  });

  it('refuses 10,000 ids, a malformed list and an unknown parameter', async () => {
    await callRefused(matchOddsLatest, { query: { match_ids: Array.from({ length: 10_000 }, (_, index) => index + 1).join(',') } }, 'match_ids');
    await callRefused(matchOddsLatest, { query: { match_ids: '1,,2' } }, 'match_ids');
    await callRefused(matchOddsLatest, { query: { match_ids: '1', detail: '2' } }, 'detail');
    await callRefused(matchOddsLatest, { query: { match_ids: '1', ids: '2' } }, 'ids');
    // Input validated once is remembered by its raw form; a repeated parameter is another form and still refused.
    await callOk(matchOddsLatest, { query: { match_ids: '100001,100002' } });
    await callRefused(matchOddsLatest, { query: { match_ids: ['100001', '100002'] } }, 'match_ids');
  });

  it('locks odds (ss 0, od negative) while a match is suspended', async () => {
    let suspended: Match | undefined;
    for (let step = 0; step < 240 && !suspended; step++) {
      feedAdvance(5_000);
      const live = await callOk(matchListGet, { query: { status: 'live', page_limit: 50 } });
      suspended = live.records.find((match) => match.mg.some((group) => group.mks.some((market) => market.ss === 0)));
    }
    expect(suspended, 'a suspension within 20 minutes of play').toBeDefined();
    for (const market of suspended!.mg.flatMap((group) => group.mks)) {
      expect(market.ss).toBe(0);
      expect(market.op!.every((option) => option.od < 0)).toBe(true);
    }
  });
});

describe('tabs, search, leagues, results', () => {
  it('gives the brand’s default tabs: Volleyball in Brazil, TableTennis in Mexico', async () => {
    const brazil = await callOk(homeTabList, { headers: { 'app-key': 'piranha' } });
    expect(brazil.list.map((tab) => tab.tab_key)).toEqual(['InPlay', 'Live', 'Soccer', 'BasketBall', 'Tennis', 'Volleyball']);
    const mexico = await callOk(homeTabList, { headers: { 'app-key': 'aguila' } });
    expect(mexico.list.at(-1)?.tab_key).toBe('TableTennis');
    const live = brazil.list.find((tab) => tab.tab_key === 'Live')!;
    expect(live.type).toBe(1);
    expect(live.children.reduce((sum, child) => sum + child.count, 0)).toBe(live.count);
    const soccer = brazil.list.find((tab) => tab.tab_key === 'Soccer')!;
    expect(soccer.type).toBe(2);
    expect(soccer.children.every((child) => /^\d+$/.test(child.key))).toBe(true);
  });

  it('finds teams and leagues by part of their name, ignoring case and accents', async () => {
    const { records } = await callOk(matchListGet, { query: { sport_id: 1, page_limit: 1 } });
    const team = records[0]!.ts[0];
    const word = team.na.split(' ').sort((left, right) => right.length - left.length)[0]!;
    const found = await callOk(matchSearch, { query: { keyword: word.toUpperCase() } });
    expect(found.teams.map((candidate) => candidate.id)).toContain(team.id);
    expect(found.records.length).toBeGreaterThan(0);
    const league = await callOk(matchSearch, { query: { keyword: 'serie nacional' } });
    expect(league.leagues.map((candidate) => candidate.na)).toContain('Série Nacional');
    await callRefused(matchSearch, { query: { keyword: '' } }, 'keyword');
    await callRefused(matchSearch, { query: { keyword: 'x'.repeat(51) } }, 'keyword');
  });

  it('lists leagues with live and upcoming counts that add up to the lists', async () => {
    const { list } = await callOk(leagueList, { query: { sport_id: 1 } });
    expect(list.length).toBe(6);
    const live = await callOk(matchListGet, { query: { sport_id: 1, status: 'live', page_limit: 50 } });
    expect(list.reduce((sum, league) => sum + league.live_count, 0)).toBe(live.records.length);
  });

  it('publishes results of finished matches, latest first, after the feed has played them', async () => {
    feedAdvance(3 * 60 * 60_000);
    const results = await callOk(matchResultList, { query: { page_limit: 50 } });
    expect(results.records.length).toBeGreaterThan(5);
    expect(results.records.every((result, index) => index === 0 || result.et <= results.records[index - 1]!.et)).toBe(true);
    const soccer = await callOk(matchResultList, { query: { sport_id: 1 } });
    const first = soccer.records[0]!;
    expect(first.nsg[0]!.pe).toBe(1001);
    const halves = first.nsg.filter((group) => group.pe === 1002 || group.pe === 1003);
    expect(halves.reduce((sum, group) => sum + group.sc[0], 0)).toBe(first.nsg[0]!.sc[0]);
  });
});
