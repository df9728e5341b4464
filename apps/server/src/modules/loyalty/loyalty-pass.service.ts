import {
  VIP_LEVEL_MAX,
  brandTimeZone,
  periodWindowOf,
  rankBoardKey,
  rankSnapshotDue,
  taskProgressDelta,
  variantFindByKey,
  vipConfigOf,
  vipPointsMinorOf,
  vipStandingOf,
  type TaskFact,
  type VariantProfile,
} from '@piranha/domain';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { loyaltySettingsOf, vipConfigWith, type LoyaltySettings } from './loyalty-config.service.ts';
import {
  factCandidates,
  factsInsert,
  passCursorsAdvance,
  passCursorsOf,
  pointsAdd,
  rankScoresAdd,
  rankScoresMax,
  rankSnapshotRefresh,
  rankSnapshotsStale,
  rankSnapshotsStaleList,
  rankWinRecount,
  taskProgressAdd,
  type FactCandidate,
  type FactSource,
} from './loyalty.repository.ts';
import { pointsOfMany, wheelTicketsGrant } from './loyalty-wheel.repository.ts';
import { rankBoardRefreshed } from './rank-answers.ts';

/**
 * The loyalty pass (issue 18, decision 026): reads durable facts — settled bets, settled casino rounds, paid deposits —
 * that have no `loyalty_facts` row yet, and in one transaction records each fact and adds its VIP points, task
 * progress and ranking turnover. The fact's primary key is the exactly-once guarantee: a pass killed before commit leaves nothing behind
 * and the next one does the work; a fact recorded by another pass is skipped by the insert and counted by that pass
 * alone. Only amounts in the brand's currency count (points and targets are in its minor units).
 *
 * Each source has a durable cursor (`loyalty_pass_cursors`), so a pass reads only facts stamped since it less
 * `LOYALTY_PASS_OVERLAP_MS` — its cost follows recent activity, not history. The cursor moves in the batch's own
 * transaction to the last stamp the batch read (never past the pass's clock): a fact committed after the read but
 * stamped before it (a settlement's transaction stamps at its start and commits later) is still inside the overlap.
 */
export const LOYALTY_PASS_OVERLAP_MS = 5 * 60_000;

const BATCH = 500;
/** Passes of one run at most, so a backlog is worked through without holding the job for long. */
const ROUNDS_MAX = 20;

/** A fact as tasks see it; `amounts` replaces the row's stake and return (what a resettled fact counted before). */
function taskFactOf(row: FactCandidate, amounts?: { stakeMinor: number; returnMinor: number }): TaskFact {
  const stakeMinor = amounts?.stakeMinor ?? Number(row.amount_minor);
  // A bet whose stake did not ride (void, push, cancelled, cashed out) wins nothing for bet_win: what it returned is
  // its own stake (decision 048; it used to count as a net win).
  const returnMinor = stakeMinor > 0 ? (amounts?.returnMinor ?? Number(row.return_minor)) : 0;
  if (row.source === 'deposit') return { source: 'deposit', amountMinor: stakeMinor };
  if (row.source === 'round' || row.source === 'crash_live') return { source: 'round', stakeMinor, returnMinor, gameId: row.detail };
  return { source: 'bet', stakeMinor, returnMinor, multipleLegs: row.detail === '' ? undefined : Number(row.detail) };
}

/** One batch: answers how many facts this pass counted. */
export async function loyaltyFactsConsume(db: Db, now: Date, batch = BATCH): Promise<number> {
  return transaction(db, async (tx) => {
    const cursors = await passCursorsOf(tx);
    const from = new Map([...cursors].map(([source, at]) => [source, new Date(at.getTime() - LOYALTY_PASS_OVERLAP_MS)] as const));
    const candidates = await factCandidates(tx, from, batch);
    // Every fact read is now counted (by this pass, or by the one whose row the insert met): the cursor may pass it.
    const reached = new Map<FactSource, Date>();
    for (const row of candidates) {
      const at = new Date(row.occurred_at);
      const stamp = at > now ? now : at;
      const seen = reached.get(row.source);
      if (seen === undefined || stamp > seen) reached.set(row.source, stamp);
    }
    const facts = candidates.map((row) => {
      const profile = variantFindByKey(row.app_key);
      const counts = profile !== undefined && row.currency === profile.currency;
      const source = row.source === 'bet' ? 'sports' : row.source === 'deposit' ? 'deposit' : 'casino';
      const pointsMinor = counts ? vipPointsMinorOf(source, Number(row.amount_minor), vipConfigOf(profile).weights) : 0;
      return { row, profile: counts ? profile : undefined, userId: Number(row.user_id), pointsMinor, occurredAt: new Date(row.occurred_at) };
    });
    // Each brand's tasks and ladder in force (decision 045), read once for the batch inside its transaction.
    const settings = new Map<string, LoyaltySettings>();
    for (const fact of facts) {
      if (fact.profile !== undefined && !settings.has(fact.profile.appKey)) settings.set(fact.profile.appKey, await loyaltySettingsOf(tx, fact.profile));
    }
    const inserted = await factsInsert(
      tx,
      facts.map((fact) => ({
        source: fact.row.source,
        sourceRef: fact.row.source_ref,
        userId: fact.userId,
        pointsMinor: fact.pointsMinor,
        // What tasks and boards counted (decision 048), so a resettlement can take exactly that back.
        stakeMinor: fact.profile === undefined ? null : Number(fact.row.amount_minor),
        returnMinor: fact.profile === undefined ? null : Number(fact.row.return_minor),
        occurredAt: fact.occurredAt,
      })),
      now,
    );
    const points = new Map<number, number>();
    const profiles = new Map<number, VariantProfile>();
    const progress = new Map<string, { userId: number; taskId: string; periodKey: string; deltaMinor: number }>();
    const ranks = new Map<string, { appKey: string; periodKey: string; userId: number; deltaMinor: number; reachedAt: Date }>();
    const wins = new Map<string, { appKey: string; periodKey: string; userId: number; scoreMinor: number; reachedAt: Date }>();
    const winRecounts: { appKey: string; periodKey: string; userId: number; from: Date; to: Date }[] = [];
    /** Adds one settlement's share of tasks and boards (`sign` −1: takes back what a resettled fact counted before). */
    const share = (
      fact: (typeof facts)[number],
      profile: VariantProfile,
      sign: 1 | -1,
      occurredAt: Date,
      amounts?: { stakeMinor: number; returnMinor: number },
    ) => {
      const timeZone = brandTimeZone(profile.market);
      const taskFact = taskFactOf(fact.row, amounts);
      const stakeMinor = amounts?.stakeMinor ?? Number(fact.row.amount_minor);
      const returnMinor = amounts?.returnMinor ?? Number(fact.row.return_minor);
      for (const task of settings.get(profile.appKey)!.tasks) {
        const deltaMinor = taskProgressDelta(task, taskFact);
        if (deltaMinor <= 0) continue;
        const periodKey = periodWindowOf(occurredAt, timeZone, task.period).key;
        const key = `${fact.userId}|${task.id}|${periodKey}`;
        const entry = progress.get(key) ?? { userId: fact.userId, taskId: task.id, periodKey, deltaMinor: 0 };
        entry.deltaMinor += sign * deltaMinor;
        progress.set(key, entry);
      }
      // The biggest-win boards (decision 045): the largest single net win (return − stake) of a bet or round.
      const winMinor = fact.row.source === 'deposit' ? 0 : returnMinor - stakeMinor;
      if (winMinor > 0 && stakeMinor > 0) {
        for (const period of ['daily', 'weekly'] as const) {
          const window = periodWindowOf(occurredAt, timeZone, period);
          const periodKey = rankBoardKey('win', window.key);
          if (sign < 0) {
            // The win taken back may have been the best: recount the board's best from the facts (decision 048).
            winRecounts.push({ appKey: profile.appKey, periodKey, userId: fact.userId, from: window.startsAt, to: window.endsAt });
            continue;
          }
          const winKey = `${fact.userId}|${periodKey}`;
          const entry = wins.get(winKey);
          // Within a batch the larger win stands; on equal wins the earlier one (who got there first).
          if (entry === undefined || winMinor > entry.scoreMinor || (winMinor === entry.scoreMinor && occurredAt < entry.reachedAt)) {
            wins.set(winKey, { appKey: profile.appKey, periodKey, userId: fact.userId, scoreMinor: winMinor, reachedAt: occurredAt });
          }
        }
      }
      // Rankings are by settled turnover: stakes of bets and rounds, not deposits.
      const turnoverMinor = fact.row.source === 'deposit' ? 0 : stakeMinor;
      if (turnoverMinor <= 0) return;
      for (const period of ['daily', 'weekly'] as const) {
        const periodKey = periodWindowOf(occurredAt, timeZone, period).key;
        const key = `${fact.userId}|${periodKey}`;
        const entry = ranks.get(key) ?? { appKey: profile.appKey, periodKey, userId: fact.userId, deltaMinor: 0, reachedAt: occurredAt };
        entry.deltaMinor += sign * turnoverMinor;
        if (sign > 0 && occurredAt > entry.reachedAt) entry.reachedAt = occurredAt;
        ranks.set(key, entry);
      }
    };
    for (const fact of facts) {
      const key = `${fact.row.source}:${fact.row.source_ref}`;
      if (!inserted.has(key)) continue;
      const before = inserted.get(key);
      if (before !== undefined) {
        // A resettled bet (decisions 045, 048): its points move by the difference, once; task progress and board
        // scores lose what the first settlement counted (in its period) and gain what this one counts (in its own).
        // Only the pass whose conditional upsert rewrote the fact gets here, so each resettlement adjusts once.
        const delta = fact.pointsMinor - before.pointsMinor;
        if (delta !== 0) points.set(fact.userId, (points.get(fact.userId) ?? 0) + delta);
        if (fact.profile === undefined) continue;
        profiles.set(fact.userId, fact.profile);
        if (before.stakeMinor !== null && before.returnMinor !== null) {
          share(fact, fact.profile, -1, before.occurredAt, { stakeMinor: before.stakeMinor, returnMinor: before.returnMinor });
        }
        share(fact, fact.profile, 1, fact.occurredAt);
        continue;
      }
      if (fact.profile === undefined) continue;
      points.set(fact.userId, (points.get(fact.userId) ?? 0) + fact.pointsMinor);
      profiles.set(fact.userId, fact.profile);
      share(fact, fact.profile, 1, fact.occurredAt);
    }
    await pointsAdd(tx, points, now);
    await wheelTicketsOnLevelUp(tx, points, profiles, settings, now);
    await taskProgressAdd(tx, [...progress.values()], now);
    await rankScoresAdd(tx, [...ranks.values()]);
    await rankScoresMax(tx, [...wins.values()]);
    for (const board of winRecounts.sort((a, b) => a.periodKey.localeCompare(b.periodKey) || a.userId - b.userId)) await rankWinRecount(tx, board);
    // Every board whose scores moved is stale until the pass recounts its places (decision 048).
    await rankSnapshotsStale(tx, [...ranks.values(), ...wins.values(), ...winRecounts]);
    await passCursorsAdvance(tx, reached);
    return inserted.size;
  });
}

/**
 * The level-up path of the VIP wheel: every level a player now stands at earns one ticket, in the transaction that
 * raised the points. The tickets' primary key (player, level) makes each level's ticket granted once, whichever pass
 * or how many passes see the level.
 */
async function wheelTicketsOnLevelUp(
  tx: Tx,
  points: ReadonlyMap<number, number>,
  profiles: ReadonlyMap<number, VariantProfile>,
  settings: ReadonlyMap<string, LoyaltySettings>,
  now: Date,
) {
  const raised = [...points].filter(([, delta]) => delta > 0).map(([userId]) => userId);
  const totals = await pointsOfMany(tx, raised);
  const grants: { userId: number; level: number }[] = [];
  for (const userId of raised.sort((a, b) => a - b)) {
    const profile = profiles.get(userId);
    if (profile === undefined) continue;
    const brand = settings.get(profile.appKey);
    const config = brand === undefined ? vipConfigOf(profile) : vipConfigWith(profile, brand);
    const level = Math.min(vipStandingOf(totals.get(userId) ?? 0, config).level, VIP_LEVEL_MAX);
    for (let reached = 1; reached <= level; reached += 1) grants.push({ userId, level: reached });
  }
  await wheelTicketsGrant(tx, grants, now);
}

/**
 * How long each board's last count took, per database (decision 055): the next count of a large board waits nine
 * times that (`rankSnapshotDue`). Kept by the process that counts — the jobs leader; a new leader starts from the
 * players' wait and learns the duration at its first count.
 */
const lastCountMs = new WeakMap<Db, Map<string, number>>();

/**
 * Recounts the places of every stale board whose snapshot is due (decision 048: a small board at every pass, a large
 * one at most every `RANK_SNAPSHOT_WAIT_MAX_MS`, or nine times its last count's duration when that is longer —
 * decision 055), each in its own transaction under the snapshot row's lock; after each commit, signals every node that
 * the board's answers changed (decision 055). Answers how many boards it refreshed.
 */
export async function rankSnapshotsRefresh(db: Db, now: Date): Promise<number> {
  let refreshed = 0;
  let durations = lastCountMs.get(db);
  if (!durations) lastCountMs.set(db, (durations = new Map()));
  for (const board of await rankSnapshotsStaleList(db)) {
    const key = `${board.app_key}|${board.period_key}`;
    const last = board.refreshed_at === null ? undefined : new Date(board.refreshed_at).getTime();
    if (!rankSnapshotDue(board.players, last, now.getTime(), durations.get(key))) continue;
    const started = performance.now();
    const stamped = await transaction(db, (tx) => rankSnapshotRefresh(tx, board.app_key, board.period_key, now));
    if (stamped === undefined) continue;
    durations.set(key, performance.now() - started);
    refreshed += 1;
    await rankBoardRefreshed(db, board.app_key, board.period_key, stamped);
  }
  return refreshed;
}

/** Works through what is waiting, batch by batch, then recounts the places of the boards it moved. */
export async function loyaltyPass(db: Db, now: Date, batch = BATCH): Promise<number> {
  let counted = 0;
  for (let round = 0; round < ROUNDS_MAX; round += 1) {
    const consumed = await loyaltyFactsConsume(db, now, batch);
    counted += consumed;
    if (consumed === 0) break;
  }
  await rankSnapshotsRefresh(db, now);
  return counted;
}
