import {
  BOOSTER_STATUS,
  betOddsTotalThousandths,
  bonusExpiresAt,
  boosterAdjustMinor,
  boosterExtraMinor,
  boosterQualifies,
  boosterSessionEnd,
  isCurrencyCode,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import { saferMarketingAllowed } from '../safer-play/safer-play.service.ts';
import { bonusForfeit, bonusGrant } from './bonus-ledger.service.ts';
import {
  boosterBetCandidates,
  boosterBetOf,
  boosterForUpdate,
  boosterInsert,
  boosterOfUser,
  boostersActiveTake,
  boosterSessionNetWin,
  boosterSet,
  boostersDetachVoided,
  boostersDueIds,
  boostersExpire,
  boostersOfUser,
  boostersOpenOfUserForUpdate,
  walletBalanceOf,
  type BoosterRow,
} from './bonus-booster.repository.ts';
import { bonusForUpdate, bonusShownSet, campaignFind, type CampaignRow } from './bonus.repository.ts';
import type { BonusDeps } from './bonus.service.ts';

/**
 * Booster cards (issue 17, decision 044): granted by a booster campaign's codes, activated by the player
 * (`new_bonus_boost`), attached by the bonus pass to the next qualifying bet placed while active (or raising a casino
 * session's net win), and paid once when that bet settles. A resettlement pays or takes back only the difference.
 * Every payment is a ledger transfer keyed by the card and the settlement it pays for, in the same transaction as
 * the card's row, so a crash repeats the step and nothing is paid twice.
 */

const BATCH = 200;
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function boosterView(card: BoosterRow) {
  const sessionEnd = card.terms.target === 'casino' && card.activatedAt ? boosterSessionEnd(card.activatedAt, card.terms) : undefined;
  return {
    id: String(card.id),
    campaign_id: card.campaignId,
    status: card.status,
    target: card.terms.target,
    rate_bp: card.terms.rateBp,
    cap: card.terms.capMinor,
    pay_as: card.terms.payAs,
    odds_min: card.terms.oddsMinThousandths ?? 0,
    stake_max: card.terms.stakeMaxMinor ?? 0,
    session_minutes: card.terms.target === 'casino' ? (card.terms.sessionMinutes ?? 60) : 0,
    currency: card.currency,
    bet_id: card.betId === null ? '' : String(card.betId),
    paid: card.paidMinor,
    create_time: seconds(card.createdAt),
    activate_time: card.activatedAt ? seconds(card.activatedAt) : 0,
    session_end_time: sessionEnd ? seconds(sessionEnd) : 0,
    expire_time: seconds(card.expiresAt),
  };
}

/** A booster card in the bonus list's shape, for `promo_code/use`: `amount` is its cap; id `bb<card id>`. */
export function boosterAsBonusView(card: BoosterRow) {
  return {
    id: `bb${card.id}`,
    campaign_id: card.campaignId,
    kind: 'booster',
    status: 0 as const,
    currency: card.currency,
    amount: card.terms.capMinor,
    wagered: 0,
    requirement: 0,
    progress: 0,
    stake_max: card.terms.stakeMaxMinor ?? 0,
    conversion_cap: 0,
    create_time: seconds(card.createdAt),
    expire_time: seconds(card.expiresAt),
  };
}

/** Grants a booster campaign's card in the caller's transaction; undefined when already granted or not allowed. */
export async function boosterGrant(
  tx: Tx,
  input: { campaign: CampaignRow; userId: number; triggerRef: string; currency: string; now: Date },
): Promise<BoosterRow | undefined> {
  const terms = input.campaign.terms.booster;
  if (input.campaign.kind !== 'booster' || !terms) throw new Error(`campaign ${input.campaign.id} grants no booster card`);
  if (!(await saferMarketingAllowed(tx, input.userId, input.now))) return undefined;
  return boosterInsert(tx, {
    userId: input.userId,
    campaignId: input.campaign.id,
    triggerRef: input.triggerRef,
    currency: input.currency,
    terms,
    status: BOOSTER_STATUS.ready,
    expiresAt: bonusExpiresAt(input.now, input.campaign.terms),
    createdAt: input.now,
  });
}

/** `booster/list`: the player's cards, newest first (a player holds a handful). */
export async function boosterListGet(deps: BonusDeps, user: SessionUser) {
  const now = deps.now();
  const cards = await boostersOfUser(deps.db, user.uid, 50);
  // A card past its expiry shows as expired before the sweep gets to it.
  return {
    list: cards.map((card) => boosterView(card.status <= BOOSTER_STATUS.active && card.expiresAt <= now ? { ...card, status: BOOSTER_STATUS.expired } : card)),
  };
}

/**
 * `new_bonus_boost`: activates a ready card. The player's open cards are locked in id order first, so of twenty taps
 * one activates and the rest are told it is not ready; a second card while one is active is refused.
 */
export async function boosterUse(deps: BonusDeps, user: SessionUser, id: string) {
  const now = deps.now();
  const card = await transaction(deps.db, async (tx) => {
    const target = await boosterOfUser(tx, user.uid, Number(id));
    if (!target) throw new AppError('BOOSTER_NOT_FOUND', { field: 'id' });
    const open = await boostersOpenOfUserForUpdate(tx, user.uid);
    const locked = open.find((row) => row.id === target.id);
    if (!locked || locked.status !== BOOSTER_STATUS.ready || locked.expiresAt <= now) throw new AppError('BOOSTER_NOT_READY', { field: 'id' });
    if (open.some((row) => row.status === BOOSTER_STATUS.active)) throw new AppError('BOOSTER_ANOTHER_ACTIVE', { field: 'id' });
    await boosterSet(tx, locked.id, { status: BOOSTER_STATUS.active, activatedAt: now });
    return { ...locked, status: BOOSTER_STATUS.active, activatedAt: now };
  });
  return boosterView(card);
}

/** Attaches active sports cards to the first qualifying bet placed while they were active. */
async function boostersAttach(db: Db): Promise<number> {
  return transaction(db, async (tx) => {
    await boostersDetachVoided(tx);
    let attached = 0;
    for (const card of await boostersActiveTake(tx, 'sports', BATCH)) {
      const bets = await boosterBetCandidates(tx, card, 20);
      const bet = bets.find(
        (row) =>
          row.line_count === 1 &&
          boosterQualifies(card.terms, { stakeMinor: Number(row.stake_minor), oddsTotalThousandths: betOddsTotalThousandths(row.odds), freeBet: row.free_bet }),
      );
      if (!bet) continue;
      await boosterSet(tx, card.id, { status: BOOSTER_STATUS.attached, betId: Number(bet.id) });
      attached += 1;
    }
    return attached;
  });
}

/** Pays a card's extra (or the difference after a resettlement) as its campaign says; in the caller's transaction. */
async function boosterPayTo(tx: Tx, card: BoosterRow, dueMinor: number, version: string, now: Date): Promise<void> {
  if (!isCurrencyCode(card.currency)) throw new Error(`booster ${card.id} in unknown currency ${card.currency}`);
  if (card.terms.payAs === 'cash') {
    const delta = boosterAdjustMinor(dueMinor, card.paidMinor, dueMinor < card.paidMinor ? await walletBalanceOf(tx, card.userId, card.currency) : 0);
    if (delta !== 0) {
      await ledgerTransfer(tx, {
        kind: 'booster_pay',
        externalRef: `${card.id}:${version}`,
        lines: [
          { account: { house: 'bonus_liability', currency: card.currency }, amountMinor: -delta },
          { account: { userId: card.userId, currency: card.currency }, amountMinor: delta },
        ],
      });
    }
    await boosterSet(tx, card.id, { status: BOOSTER_STATUS.paid, paidMinor: card.paidMinor + delta, paidVersion: version, paidAt: now });
    return;
  }
  // pay_as bonus: the extra is a bonus with the campaign's wagering. A resettlement replaces a bonus the player has not
  // started yet; once wagering has begun the first amount stands (decision 044).
  let paidMinor = card.paidMinor;
  let paidBonusId = card.paidBonusId;
  const previous = paidBonusId === null ? undefined : await bonusForUpdate(tx, paidBonusId);
  const replaceable = previous === undefined || previous.status === 0;
  if (dueMinor !== paidMinor && replaceable) {
    const campaign = await campaignFind(tx, card.campaignId);
    if (!campaign) throw new Error(`booster ${card.id}: campaign ${card.campaignId} is gone`);
    if (previous) await bonusForfeit(tx, previous.id, now, 'forfeit');
    paidMinor = 0;
    paidBonusId = null;
    if (dueMinor > 0) {
      const bonus = await bonusGrant(tx, {
        campaign,
        userId: card.userId,
        triggerRef: `booster:${card.id}:${version}`,
        currency: card.currency,
        amountMinor: dueMinor,
        depositMinor: 0,
        now,
      });
      if (bonus) {
        paidMinor = bonus.amountMinor;
        paidBonusId = bonus.id;
        // The booster's own page says it was paid; no register-bonus pop-up for it.
        await bonusShownSet(tx, bonus.id, now);
      }
    }
  }
  await boosterSet(tx, card.id, { status: BOOSTER_STATUS.paid, paidMinor, paidBonusId, paidVersion: version, paidAt: now });
}

/** Pays sports cards whose bet settled (or was resettled) since they were last paid; each card its own transaction. */
async function boostersPaySports(db: Db, now: Date): Promise<number> {
  let paid = 0;
  for (const id of await boostersDueIds(db, BATCH)) {
    const done = await transaction(db, async (tx) => {
      const card = await boosterForUpdate(tx, id);
      if (!card || card.betId === null || (card.status !== BOOSTER_STATUS.attached && card.status !== BOOSTER_STATUS.paid)) return false;
      const bet = await boosterBetOf(tx, card.betId);
      if (!bet || bet.status !== 5 || bet.version === null || bet.version === card.paidVersion || !isCurrencyCode(card.currency)) return false;
      const winnings = Number(bet.payout_minor ?? 0) - Number(bet.stake_minor);
      await boosterPayTo(tx, card, boosterExtraMinor(winnings, card.terms, card.currency), bet.version, now);
      return true;
    });
    if (done) paid += 1;
  }
  return paid;
}

/** Pays casino cards whose session has ended: the raise of the session's net win, once. */
async function boostersPayCasino(db: Db, now: Date): Promise<number> {
  return transaction(db, async (tx) => {
    let paid = 0;
    for (const card of await boostersActiveTake(tx, 'casino', BATCH)) {
      if (!card.activatedAt || !isCurrencyCode(card.currency)) continue;
      const end = boosterSessionEnd(card.activatedAt, card.terms);
      if (end > now) continue;
      const net = await boosterSessionNetWin(tx, card, end);
      await boosterPayTo(tx, card, boosterExtraMinor(net, card.terms, card.currency), 'session', now);
      paid += 1;
    }
    return paid;
  });
}

/** The booster step of the bonus pass: attach, pay, then expire unused cards. */
export async function boostersPass(db: Db, now: Date): Promise<void> {
  await boostersAttach(db);
  await boostersPaySports(db, now);
  await boostersPayCasino(db, now);
  await transaction(db, (tx) => boostersExpire(tx, now));
}
