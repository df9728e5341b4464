import { sql } from 'drizzle-orm';
import { saferMarketingAllowed } from '../safer-play/safer-play.service.ts';
import {
  BONUS_STATUS,
  bonusConversionSplit,
  stakeAllowedWhileUnlocking,
  bonusExpiresAt,
  bonusRulesOf,
  bonusStatusNext,
  wageringRequirementMinor,
  freeBetGrantTermsOf,
  type BonusEvent,
  type CurrencyCode,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import { freeBetGrantMake } from '../betting/free-bet.service.ts';
import { freeBetGrantOfId } from '../betting/betting.repository.ts';
import {
  bonusesOpenOfUserForUpdate,
  bonusesUnlockingOfUser,
  bonusForUpdate,
  bonusInsert,
  bonusOfUser,
  bonusStakeMaxUnlocking,
  bonusStakeMaxUnlockingSql,
  bonusStatusSet,
  type BonusRow,
  type CampaignRow,
} from './bonus.repository.ts';

/**
 * Every money movement of a bonus, each its own transfer keyed by the bonus id so it happens at most once:
 * `bonus_grant` (bonus liability → the player's bonus wallet), `bonus_convert` (bonus wallet → cash, capped, the rest
 * back to the liability) and `bonus_forfeit` (bonus wallet → liability). Callers own the transaction.
 */

export interface BonusGrantInput {
  campaign: CampaignRow;
  userId: number;
  /** The event that earned it: with the campaign and player, unique, so a replay grants nothing. */
  triggerRef: string;
  currency: string;
  amountMinor: number;
  depositMinor: number;
  now: Date;
}

/** Grants a bonus (status locked) and moves its money into the bonus wallet; undefined when already granted. */
export async function bonusGrant(tx: Tx, input: BonusGrantInput): Promise<BonusRow | undefined> {
  const { campaign, now } = input;
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) return undefined;
  // No bonus reaches a player on a time-out or self-excluded (decision 027); the event that earned it is spent.
  if (!(await saferMarketingAllowed(tx, input.userId, now))) return undefined;
  const bonus = await bonusInsert(tx, {
    userId: input.userId,
    campaignId: campaign.id,
    triggerRef: input.triggerRef,
    currency: input.currency,
    amountMinor: input.amountMinor,
    requirementMinor: wageringRequirementMinor(campaign.terms.wagering, input.amountMinor, input.depositMinor),
    status: BONUS_STATUS.locked,
    rules: bonusRulesOf(campaign.terms),
    expiresAt: bonusExpiresAt(now, campaign.terms),
    createdAt: now,
  });
  if (!bonus) return undefined;
  await ledgerTransfer(tx, {
    kind: 'bonus_grant',
    externalRef: String(bonus.id),
    lines: [
      { account: { house: 'bonus_liability', currency: bonus.currency }, amountMinor: -bonus.amountMinor },
      { account: { bonusOf: bonus.userId, currency: bonus.currency }, amountMinor: bonus.amountMinor },
    ],
  });
  return bonus;
}

/** A free bet a free_bet campaign granted: the grant row of `free_bet_grants`. */
export type FreeBetGrantRow = NonNullable<Awaited<ReturnType<typeof freeBetGrantOfId>>>;

/**
 * Grants a free_bet campaign's free bet through the betting module's grant, in the caller's transaction. The grant's
 * reason names the campaign and trigger, and (player, reason) is unique, so it is granted once per campaign, player
 * and trigger however many requests race. No money moves until it is staked (bonus liability → bets in play).
 * Undefined when already granted, nothing is due, or the player may not receive marketing (decision 027). The amount
 * is the campaign's fixed one, unless the caller names one (`amountMinor` > 0: an activity tier's, decision 061) —
 * capped by the country's bonus maximum either way.
 */
export async function bonusFreeBetGrant(
  tx: Tx,
  input: Omit<BonusGrantInput, 'depositMinor' | 'currency'> & { currency: CurrencyCode },
): Promise<FreeBetGrantRow | undefined> {
  const { campaign, now } = input;
  if (campaign.kind !== 'free_bet') throw new Error(`campaign ${campaign.id} of kind ${campaign.kind} grants no free bet`);
  const campaignTerms = input.amountMinor > 0 ? { ...campaign.terms, amountMinor: input.amountMinor } : campaign.terms;
  const terms = freeBetGrantTermsOf(campaignTerms, now, input.currency);
  if (!Number.isSafeInteger(terms.amountMinor) || terms.amountMinor <= 0) return undefined;
  if (!(await saferMarketingAllowed(tx, input.userId, now))) return undefined;
  const id = await freeBetGrantMake(tx, {
    userId: input.userId,
    currency: input.currency,
    amountMinor: terms.amountMinor,
    reason: `bonus:${campaign.id}:${input.triggerRef}`,
    at: now,
    campaignId: campaign.id,
    oddsMinThousandths: terms.oddsMinThousandths,
    expiresAt: terms.expiresAt,
  });
  return id === undefined ? undefined : freeBetGrantOfId(tx, id);
}

function statusAfter(bonus: BonusRow, event: BonusEvent) {
  return bonusStatusNext(bonus.status, event);
}

/** Converts an unlocking bonus whose requirement is met: cash up to the cap, the rest forfeited. */
async function bonusConvert(tx: Tx, bonus: BonusRow, now: Date): Promise<void> {
  const split = bonusConversionSplit(bonus.amountMinor, bonus.rules.conversionCapMinor);
  const lines = [
    { account: { bonusOf: bonus.userId, currency: bonus.currency }, amountMinor: -bonus.amountMinor },
    ...(split.toCashMinor > 0 ? [{ account: { userId: bonus.userId, currency: bonus.currency }, amountMinor: split.toCashMinor }] : []),
    ...(split.forfeitMinor > 0 ? [{ account: { house: 'bonus_liability' as const, currency: bonus.currency }, amountMinor: split.forfeitMinor }] : []),
  ];
  await ledgerTransfer(tx, { kind: 'bonus_convert', externalRef: String(bonus.id), lines });
  await bonusStatusSet(tx, bonus.id, { status: BONUS_STATUS.unlocked, finishedAt: now });
}

/** Forfeits an open bonus (expiry, or a withdrawal the player confirmed): its money goes back to the liability. */
async function bonusForfeitLocked(tx: Tx, bonus: BonusRow, now: Date): Promise<void> {
  await ledgerTransfer(tx, {
    kind: 'bonus_forfeit',
    externalRef: String(bonus.id),
    lines: [
      { account: { bonusOf: bonus.userId, currency: bonus.currency }, amountMinor: -bonus.amountMinor },
      { account: { house: 'bonus_liability', currency: bonus.currency }, amountMinor: bonus.amountMinor },
    ],
  });
  await bonusStatusSet(tx, bonus.id, { status: BONUS_STATUS.expired, finishedAt: now });
}

/**
 * The player starts wagering a locked bonus (`unlock_bonus`). A bonus with nothing to wager converts at once. Only
 * one bonus per currency unlocks at a time, so every settled bet counts towards exactly one: the player's open
 * bonuses in that currency are locked in id order first, so two concurrent starts take turns.
 */
export async function bonusStart(tx: Tx, userId: number, bonusId: number, now: Date): Promise<BonusRow> {
  const target = await bonusOfUser(tx, userId, bonusId);
  if (!target) throw new AppError('BONUS_NOT_FOUND');
  const open = await bonusesOpenOfUserForUpdate(tx, userId, target.currency);
  const bonus = open.find((row) => row.id === bonusId);
  if (!bonus || now >= bonus.expiresAt || statusAfter(bonus, { kind: 'start' }) === undefined) throw new AppError('BONUS_NOT_AVAILABLE');
  if (bonus.requirementMinor === 0) {
    await bonusConvert(tx, bonus, now);
    return { ...bonus, status: BONUS_STATUS.unlocked, finishedAt: now };
  }
  if (open.some((row) => row.status === BONUS_STATUS.unlocking)) throw new AppError('BONUS_ANOTHER_UNLOCKING');
  await bonusStatusSet(tx, bonus.id, { status: BONUS_STATUS.unlocking, startedAt: now });
  return { ...bonus, status: BONUS_STATUS.unlocking, startedAt: now };
}

/** Converts the bonus when its wagering is complete; false when it is not (or no longer) due. */
export async function bonusConvertIfWagered(tx: Tx, bonusId: number, now: Date): Promise<boolean> {
  const bonus = await bonusForUpdate(tx, bonusId);
  if (!bonus) return false;
  if (statusAfter(bonus, { kind: 'wagered', wageredMinor: bonus.wageredMinor, requirementMinor: bonus.requirementMinor }) !== BONUS_STATUS.unlocked)
    return false;
  await bonusConvert(tx, bonus, now);
  return true;
}

/** Forfeits an open bonus; false when it had already finished (converted or forfeited). */
export async function bonusForfeit(tx: Tx, bonusId: number, now: Date, reason: 'expire' | 'forfeit'): Promise<boolean> {
  const bonus = await bonusForUpdate(tx, bonusId);
  if (!bonus || statusAfter(bonus, { kind: reason }) === undefined) return false;
  if (reason === 'expire' && now < bonus.expiresAt) return false;
  await bonusForfeitLocked(tx, bonus, now);
  return true;
}

/**
 * A withdrawal while a bonus is unlocking forfeits it, but only once the player has confirmed (issue 17): without
 * `confirmed` the withdrawal is refused with BONUS_FORFEIT_UNCONFIRMED so the app can ask. Runs in the payout's
 * transaction, so the forfeit and the payout commit together or not at all.
 */
export async function bonusForfeitOnWithdrawal(tx: Tx, userId: number, currency: string, confirmed: boolean, now: Date): Promise<void> {
  const unlocking = await bonusesUnlockingOfUser(tx, userId, currency);
  if (unlocking.length === 0) return;
  if (!confirmed) throw new AppError('BONUS_FORFEIT_UNCONFIRMED', { field: 'forfeit_bonus' });
  for (const bonus of unlocking) await bonusForfeit(tx, bonus.id, now, 'forfeit');
}

/**
 * While a bonus is unlocking, a stake above its maximum is refused (one large bet at short odds would otherwise clear
 * the requirement at little risk). Read before the placement's write, by the partial unique index: one cheap lookup.
 * A bonus started in the same instant as a placement may miss that one bet; the next is checked.
 */
export async function bonusStakeCheck(db: DbOrTx, userId: number, currency: string, stakesMinor: readonly number[]): Promise<void> {
  const stakeMaxMinor = await bonusStakeMaxUnlocking(db, userId, currency);
  const over = stakesMinor.findIndex((stakeMinor) => !stakeAllowedWhileUnlocking(stakeMinor, stakeMaxMinor));
  if (over >= 0) throw bonusStakeRefusal(stakeMaxMinor!);
}

function bonusStakeRefusal(stakeMaxMinor: number): AppError {
  return new AppError('BONUS_STAKE_ABOVE_MAX', { field: 'stake', issue: `max_${stakeMaxMinor}` });
}

const BONUS_STAKE_ABORT = 'piranha_abort:BONUS_STAKE_ABOVE_MAX:';

/**
 * `bonusStakeCheck` for a one-statement placement of one stake, inside that statement instead of a read before it
 * (one round trip less per placement): the CTE `bm` reads the unlocking bonus's maximum, and `abortWhen` is a CASE
 * branch that aborts the statement (`piranha_abort`, nothing written) when the stake is above it. `refusalOf` turns
 * that abort into the same refusal `bonusStakeCheck` throws.
 */
export function bonusStakeGuard(userId: number, currency: string, stakeMinor: number) {
  return {
    ctes: sql`bm as (${bonusStakeMaxUnlockingSql(userId, currency)})`,
    abortWhen: sql`when exists (select 1 from bm where stake_max < ${stakeMinor}::bigint)
      then piranha_abort('BONUS_STAKE_ABOVE_MAX:' || (select stake_max from bm)::text)`,
    refusalOf: (error: unknown): AppError | undefined => {
      if (!(error instanceof Error)) return undefined;
      const at = error.message.indexOf(BONUS_STAKE_ABORT);
      return at < 0 ? undefined : bonusStakeRefusal(Number.parseInt(error.message.slice(at + BONUS_STAKE_ABORT.length), 10));
    },
  };
}
