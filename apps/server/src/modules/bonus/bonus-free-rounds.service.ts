import { BONUS_STATUS, freeRoundsGrantTermsOf, freeRoundsGrantFinished, freeRoundsWinBonusMinor, isCurrencyCode } from '@piranha/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { casinoFreeRounds } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { casinoFreeRoundsGrant } from '../casino/casino-hall.service.ts';
import type { FreeRoundRow } from '../casino/casino.repository.ts';
import { saferMarketingAllowed } from '../safer-play/safer-play.service.ts';
import { bonusGrant } from './bonus-ledger.service.ts';
import { campaignFind, type CampaignRow } from './bonus.repository.ts';

/**
 * Free rounds through the bonus engine (decision 043). A `free_rounds` campaign grants rounds on a house slot through
 * the casino's `casinoFreeRoundsGrant`, keyed `bonus:<campaign>:<trigger>` so a trigger grants once per player however
 * many requests race. Winnings land as the campaign says: `cash` — each round's win is paid to cash as it settles (the
 * casino wallet, bonus liability → cash); `bonus` — the wallet pays no cash, the grant counts its wins, and once every
 * round is played (or the grant lapses) and none is waiting for its money, `bonusFreeRoundWinsConsume` grants the total
 * as one bonus with the campaign's wagering, keyed `free_rounds:<grant id>`, and closes the grant in that transaction.
 */

export interface FreeRoundsGrantRequest {
  campaign: CampaignRow;
  userId: number;
  triggerRef: string;
  currency: string;
  now: Date;
}

/** Grants the campaign's rounds in the caller's transaction; undefined when already granted or nothing is due. */
export async function bonusFreeRoundsGrant(tx: Tx, input: FreeRoundsGrantRequest): Promise<FreeRoundRow | undefined> {
  const { campaign, now } = input;
  if (campaign.kind !== 'free_rounds') throw new Error(`campaign ${campaign.id} of kind ${campaign.kind} grants no free rounds`);
  const terms = freeRoundsGrantTermsOf(campaign.terms, now);
  if (!terms) return undefined;
  if (!(await saferMarketingAllowed(tx, input.userId, now))) return undefined;
  const grant = await casinoFreeRoundsGrant(tx, {
    grantRef: `bonus:${campaign.id}:${input.triggerRef}`,
    userId: input.userId,
    gameId: terms.gameId,
    rounds: terms.rounds,
    stakeMinor: terms.stakeMinor,
    currency: input.currency,
    expiresAt: terms.expiresAt,
    campaignId: campaign.id,
    winTo: terms.winTo,
  });
  if (!grant.created) return undefined;
  const { created: _created, ...row } = grant;
  return row;
}

/** Marks a grant seen (its redeem answer showed it), so `new_bonus` does not pop it up again. */
export async function freeRoundsShownSet(tx: Tx, grantId: number, at: Date): Promise<void> {
  await tx.update(casinoFreeRounds).set({ shownAt: at }).where(eq(casinoFreeRounds.id, grantId));
}

/** `new_bonus`: the player's campaign free-round grants not shown yet, marked shown by the one update that reads them. */
export async function freeRoundsUnshownTake(db: Db, userId: number, at: Date): Promise<FreeRoundRow[]> {
  return db
    .update(casinoFreeRounds)
    .set({ shownAt: at })
    .where(and(eq(casinoFreeRounds.userId, userId), isNull(casinoFreeRounds.shownAt), sql`${casinoFreeRounds.campaignId} is not null`))
    .returning();
}

const BATCH = 200;

/**
 * Turns the winnings of finished bonus-paying grants into bonuses. Each grant in its own transaction: the grant row is
 * locked (a round being taken holds the same row, so the two take turns), re-checked, the bonus granted and the grant
 * closed (`win_settled_at`, after which no round can be taken) together — a crash leaves the grant open and the next
 * pass does it; the bonus's unique key makes a second grant impossible.
 */
export async function bonusFreeRoundWinsConsume(db: Db, now: Date): Promise<number> {
  const due = await rowsOf<{ id: number }>(
    db,
    sql`select id from casino_free_rounds
        where win_to = 'bonus' and win_settled_at is null and (remaining = 0 or expires_at <= ${now.toISOString()}::timestamptz)
        order by id limit ${BATCH}`,
  );
  let granted = 0;
  for (const { id } of due) {
    const done = await transaction(db, async (tx) => {
      const [grant] = await rowsOf<{
        id: number;
        user_id: number;
        campaign_id: string | null;
        remaining: number;
        win_total: number;
        currency: string;
        expires_at: string | Date;
      }>(
        tx,
        sql`select id, user_id, campaign_id, remaining, win_total, currency, expires_at from casino_free_rounds
            where id = ${Number(id)} and win_settled_at is null for update skip locked`,
      );
      if (!grant) return false;
      const [flight] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from casino_rounds where free_round_id = ${Number(grant.id)} and status in ('pending', 'open')`,
      );
      if (!freeRoundsGrantFinished({ remaining: grant.remaining, expiresAt: new Date(grant.expires_at) }, Number(flight?.n ?? 0), now)) return false;
      const campaign = grant.campaign_id === null ? undefined : await campaignFind(tx, grant.campaign_id);
      const amountMinor = campaign && isCurrencyCode(grant.currency) ? freeRoundsWinBonusMinor(Number(grant.win_total), campaign.terms, grant.currency) : 0;
      const bonus =
        campaign && amountMinor > 0
          ? await bonusGrant(tx, {
              campaign,
              userId: Number(grant.user_id),
              triggerRef: `free_rounds:${grant.id}`,
              currency: grant.currency,
              amountMinor,
              depositMinor: 0,
              now,
            })
          : undefined;
      await tx
        .update(casinoFreeRounds)
        .set({ winSettledAt: now })
        .where(eq(casinoFreeRounds.id, Number(grant.id)));
      return bonus !== undefined;
    });
    if (done) granted += 1;
  }
  return granted;
}

/** A free-round grant in the bonus shape (a redeem answer): `amount` is the rounds' total stake; id `fr<grant id>`. */
export function freeRoundsBonusView(grant: FreeRoundRow, now: Date) {
  const expired = grant.expiresAt.getTime() <= now.getTime();
  const status = grant.remaining === 0 ? BONUS_STATUS.unlocked : expired ? BONUS_STATUS.expired : BONUS_STATUS.locked;
  return {
    id: `fr${grant.id}`,
    campaign_id: grant.campaignId ?? '',
    kind: 'free_rounds',
    status,
    currency: grant.currency,
    amount: grant.total * grant.stake,
    wagered: 0,
    requirement: 0,
    progress: 0,
    stake_max: 0,
    conversion_cap: 0,
    create_time: Math.floor(grant.createdAt.getTime() / 1000),
    expire_time: Math.floor(grant.expiresAt.getTime() / 1000),
    free_rounds: { game_id: grant.gameId, rounds: grant.total, bet: grant.stake, win_to: grant.winTo === 'bonus' ? ('bonus' as const) : ('cash' as const) },
  };
}

/** The free-round grant in the casino list's shape, for `new_bonus`'s `free_round_bonus`. */
export function freeRoundsGrantView(grant: FreeRoundRow, gameName: string, now: Date) {
  const status = grant.remaining === 0 ? 'used' : grant.expiresAt.getTime() <= now.getTime() ? 'expired' : 'available';
  return {
    grant_id: grant.grantRef,
    game_platform: 'house' as const,
    game_id: grant.gameId,
    game_name: gameName,
    total: grant.total,
    remaining: grant.remaining,
    bet: grant.stake,
    currency: grant.currency,
    win_total: grant.winTotal,
    expires_at: Math.floor(grant.expiresAt.getTime() / 1000),
    status: status as 'available' | 'used' | 'expired',
    win_to: grant.winTo === 'bonus' ? ('bonus' as const) : ('cash' as const),
  };
}
