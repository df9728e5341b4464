import {
  brandTimeZone,
  periodWindowsBefore,
  rankBoardKey,
  rankBoardKeyParse,
  RANKING_KINDS,
  RANKING_CLOSE_GRACE_MS,
  VARIANT_PROFILES,
  variantFindByKey,
} from '@piranha/domain';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { rankBoardClose, rankBoardsOpen, rankPrizeDueForUpdate, rankPrizePaidSet, rankPrizesDue } from './loyalty.repository.ts';
import { placePrizesPay } from './loyalty.service.ts';
import { loyaltySettingsOf, rankPrizesOf } from './loyalty-config.service.ts';

/**
 * Ranking period closes (issue 18, decisions 026, 045: turnover and biggest-win boards alike). A board closes once its period ended more than the grace ago (late
 * facts of its last seconds are counted by then): one transaction marks it closed and freezes its winners; then each
 * prize is paid in its own transaction through the bonus engine and marked paid beside the grant. A run killed at
 * any point is simply run again: a closed board is never frozen twice, a paid prize never paid twice.
 */

const BATCH = 200;

/** The last two periods of each kind that ended more than the grace ago, per brand (worked out once per time zone). */
function closableKeys(now: Date): Map<string, Set<string>> {
  const byBrand = new Map<string, Set<string>>();
  const byZone = new Map<string, Set<string>>();
  const settled = new Date(now.getTime() - RANKING_CLOSE_GRACE_MS);
  for (const profile of VARIANT_PROFILES) {
    const timeZone = brandTimeZone(profile.market);
    let keys = byZone.get(timeZone);
    if (!keys) {
      keys = new Set(periodWindowsBefore(settled, timeZone, 2).flatMap(({ window }) => RANKING_KINDS.map((kind) => rankBoardKey(kind, window.key))));
      byZone.set(timeZone, keys);
    }
    byBrand.set(profile.appKey, keys);
  }
  return byBrand;
}

export async function rankBoardsCloseDue(db: Db, now: Date): Promise<number> {
  const byBrand = closableKeys(now);
  const allKeys = new Set([...byBrand.values()].flatMap((keys) => [...keys]));
  let closed = 0;
  for (const board of await rankBoardsOpen(db, [...allKeys])) {
    const profile = variantFindByKey(board.app_key);
    if (!profile || !byBrand.get(board.app_key)?.has(board.period_key)) continue;
    const { kind, periodKey } = rankBoardKeyParse(board.period_key);
    const period = periodKey.startsWith('d:') ? 'daily' : 'weekly';
    // The prizes in force at the close are frozen with their settings version (decision 048).
    const frozen = await transaction(db, async (tx) => {
      const settings = await loyaltySettingsOf(tx, profile);
      return rankBoardClose(tx, board.app_key, board.period_key, rankPrizesOf(settings, period, kind), settings.version, now);
    });
    if (frozen) closed += 1;
  }
  return closed;
}

/** Pays due prizes; a paused prize campaign leaves them due for a later run. */
export async function rankPrizesPay(db: Db, now: Date): Promise<number> {
  return placePrizesPay(db, now, await rankPrizesDue(db, BATCH), {
    campaign: 'rank_prize',
    refPrefix: 'rank',
    lockDue: (tx, prize) => rankPrizeDueForUpdate(tx, prize.app_key, prize.period_key, prize.place),
    paidSet: (tx, prize) => rankPrizePaidSet(tx, prize.app_key, prize.period_key, prize.place, now),
  });
}

export async function rankClosePass(db: Db, now: Date): Promise<void> {
  await rankBoardsCloseDue(db, now);
  await rankPrizesPay(db, now);
}
