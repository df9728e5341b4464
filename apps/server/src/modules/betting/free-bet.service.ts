import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { betCurrencyOf } from './bet-place.service.ts';
import type { BettingDeps } from './betting-deps.ts';
import { freeBetGrantInsert, freeBetGrantsOf, type FreeBetGrantInput } from './betting.repository.ts';

/**
 * Grants a free-bet balance: the bonus engine's entry point. `reason` (a bonus id) makes it happen once per player;
 * a replay answers false. No money moves until a free bet is placed (bonus liability → bets in play).
 */
export async function freeBetGrant(db: DbOrTx, grant: FreeBetGrantInput): Promise<boolean> {
  return (await freeBetGrantMake(db, grant)) !== undefined;
}

/** Like freeBetGrant, answering the new grant's id (undefined on a replay): the bonus engine's free_bet campaigns. */
export async function freeBetGrantMake(db: DbOrTx, grant: FreeBetGrantInput): Promise<number | undefined> {
  if (!Number.isSafeInteger(grant.amountMinor) || grant.amountMinor <= 0) throw new AppError('VALIDATION_FAILED', { field: 'amountMinor', issue: 'too_small' });
  return freeBetGrantInsert(db, grant);
}

/** `free_activity_info`: the player's free-bet balance and its grants. */
export async function freeActivityInfoOf(deps: BettingDeps, user: SessionUser) {
  const currency = await betCurrencyOf(deps, user, undefined);
  const grants = await freeBetGrantsOf(deps.db, user.uid, currency, deps.now());
  return {
    balance: grants.reduce((sum, grant) => sum + grant.remainingMinor, 0),
    currency,
    list: grants.map((grant) => ({
      id: String(grant.id),
      amount: grant.amountMinor,
      remaining: grant.remainingMinor,
      create_time: Math.floor(grant.createdAt.getTime() / 1000),
    })),
  };
}
