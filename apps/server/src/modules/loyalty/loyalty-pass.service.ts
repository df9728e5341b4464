import {
  VIP_LEVEL_MAX,
  brandTimeZone,
  periodWindowOf,
  rankBoardKey,
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
  taskProgressAdd,
  type FactCandidate,
  type FactSource,
} from './loyalty.repository.ts';
import { pointsOfMany, wheelTicketsGrant } from './loyalty-wheel.repository.ts';

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

function taskFactOf(row: FactCandidate): TaskFact {
  if (row.source === 'deposit') return { source: 'deposit', amountMinor: Number(row.amount_minor) };
  if (row.source === 'round') return { source: 'round', stakeMinor: Number(row.amount_minor), returnMinor: Number(row.return_minor), gameId: row.detail };
  return {
    source: 'bet',
    stakeMinor: Number(row.amount_minor),
    returnMinor: Number(row.return_minor),
    multipleLegs: row.detail === '' ? undefined : Number(row.detail),
  };
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
      const source = row.source === 'bet' ? 'sports' : row.source === 'round' ? 'casino' : 'deposit';
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
        occurredAt: fact.occurredAt,
      })),
      now,
    );
    const points = new Map<number, number>();
    const profiles = new Map<number, VariantProfile>();
    const progress = new Map<string, { userId: number; taskId: string; periodKey: string; deltaMinor: number }>();
    const ranks = new Map<string, { appKey: string; periodKey: string; userId: number; deltaMinor: number; reachedAt: Date }>();
    const wins = new Map<string, { appKey: string; periodKey: string; userId: number; scoreMinor: number; reachedAt: Date }>();
    for (const fact of facts) {
      const key = `${fact.row.source}:${fact.row.source_ref}`;
      if (!inserted.has(key)) continue;
      const before = inserted.get(key);
      if (before !== undefined) {
        // A resettled bet (decision 045): its points move by the difference, once; task progress, boards and raffle
        // entries already frozen keep what the first settlement counted (the raffle reads the fact's points live).
        const delta = fact.pointsMinor - before;
        if (delta !== 0) points.set(fact.userId, (points.get(fact.userId) ?? 0) + delta);
        if (fact.profile !== undefined) profiles.set(fact.userId, fact.profile);
        continue;
      }
      if (fact.profile === undefined) continue;
      points.set(fact.userId, (points.get(fact.userId) ?? 0) + fact.pointsMinor);
      profiles.set(fact.userId, fact.profile);
      const timeZone = brandTimeZone(fact.profile.market);
      for (const task of settings.get(fact.profile.appKey)!.tasks) {
        const deltaMinor = taskProgressDelta(task, taskFactOf(fact.row));
        if (deltaMinor <= 0) continue;
        const periodKey = periodWindowOf(fact.occurredAt, timeZone, task.period).key;
        const key = `${fact.userId}|${task.id}|${periodKey}`;
        const entry = progress.get(key) ?? { userId: fact.userId, taskId: task.id, periodKey, deltaMinor: 0 };
        entry.deltaMinor += deltaMinor;
        progress.set(key, entry);
      }
      // The biggest-win boards (decision 045): the largest single net win (return − stake) of a bet or round.
      const winMinor = fact.row.source === 'deposit' ? 0 : Number(fact.row.return_minor) - Number(fact.row.amount_minor);
      if (winMinor > 0 && Number(fact.row.amount_minor) > 0) {
        for (const period of ['daily', 'weekly'] as const) {
          const periodKey = rankBoardKey('win', periodWindowOf(fact.occurredAt, timeZone, period).key);
          const winKey = `${fact.userId}|${periodKey}`;
          const entry = wins.get(winKey);
          // Within a batch the larger win stands; on equal wins the earlier one (who got there first).
          if (entry === undefined || winMinor > entry.scoreMinor || (winMinor === entry.scoreMinor && fact.occurredAt < entry.reachedAt)) {
            wins.set(winKey, { appKey: fact.profile.appKey, periodKey, userId: fact.userId, scoreMinor: winMinor, reachedAt: fact.occurredAt });
          }
        }
      }
      // Rankings are by settled turnover: stakes of bets and rounds, not deposits.
      const turnoverMinor = fact.row.source === 'deposit' ? 0 : Number(fact.row.amount_minor);
      if (turnoverMinor <= 0) continue;
      for (const period of ['daily', 'weekly'] as const) {
        const periodKey = periodWindowOf(fact.occurredAt, timeZone, period).key;
        const key = `${fact.userId}|${periodKey}`;
        const entry = ranks.get(key) ?? { appKey: fact.profile.appKey, periodKey, userId: fact.userId, deltaMinor: 0, reachedAt: fact.occurredAt };
        entry.deltaMinor += turnoverMinor;
        if (fact.occurredAt > entry.reachedAt) entry.reachedAt = fact.occurredAt;
        ranks.set(key, entry);
      }
    }
    await pointsAdd(tx, points, now);
    await wheelTicketsOnLevelUp(tx, points, profiles, settings, now);
    await taskProgressAdd(tx, [...progress.values()], now);
    await rankScoresAdd(tx, [...ranks.values()]);
    await rankScoresMax(tx, [...wins.values()]);
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

/** Works through what is waiting, batch by batch. */
export async function loyaltyPass(db: Db, now: Date, batch = BATCH): Promise<number> {
  let counted = 0;
  for (let round = 0; round < ROUNDS_MAX; round += 1) {
    const consumed = await loyaltyFactsConsume(db, now, batch);
    counted += consumed;
    if (consumed === 0) break;
  }
  return counted;
}
