import {
  bonusAllowedInMarket,
  campaignBonusMinor,
  campaignTakesCodes,
  freeBetGrantTermsOf,
  freeRoundsGrantTermsOf,
  isCurrencyCode,
  variantFindByKey,
  type CurrencyCode,
} from '@piranha/domain';
import type { FreeRoundRow } from '../casino/casino.repository.ts';
import { bonusFreeRoundsGrant, freeRoundsShownSet } from './bonus-free-rounds.service.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { bonusFreeBetGrant, bonusGrant, type FreeBetGrantRow } from './bonus-ledger.service.ts';
import type { BoosterRow } from './bonus-booster.repository.ts';
import { boosterGrant } from './bonus-booster.service.ts';
import { bonusShownSet, campaignFind, codeFind, codeUseTake, type BonusRow, type CampaignRow } from './bonus.repository.ts';

export interface CodePlayer {
  userId: number;
  appKey: string;
  currency: string;
}

/** What a code gave: a bonus (redeem_code campaigns) or a free bet (free_bet campaigns). */
export type CodeReward =
  | { kind: 'bonus'; bonus: BonusRow }
  | { kind: 'free_bet'; grant: FreeBetGrantRow }
  | { kind: 'booster'; card: BoosterRow }
  | { kind: 'free_rounds'; grant: FreeRoundRow };

/**
 * Redeems a code: takes one of its uses (a guarded increment, so N uses are granted at most N times however many
 * players race) and grants its campaign's reward once per player (the grant's key is the code): a bonus, or for a
 * free_bet campaign a free bet. A player who already used it gets PROMO_CODE_USED and the use taken is given back
 * by the rollback.
 */
export async function codeRedeem(db: Db, player: CodePlayer, code: string, now: Date, accept: 'any' | 'bonus' = 'any'): Promise<CodeReward> {
  return transaction(db, async (tx) => {
    const taken = await codeUseTake(tx, code, now);
    if (!taken) throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
    const campaign = await campaignFind(tx, taken.campaignId);
    const profile = variantFindByKey(player.appKey);
    if (!campaign || campaign.status !== 'active' || campaign.appKey !== player.appKey || !campaignTakesCodes(campaign.kind))
      throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
    if (!profile || !bonusAllowedInMarket(profile.market, campaign.terms.purpose)) throw new AppError('BONUS_FORBIDDEN_HERE');
    if (!isCurrencyCode(player.currency)) throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
    if (campaign.kind === 'booster') {
      if (accept === 'bonus') throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
      const card = await boosterGrant(tx, { campaign, userId: player.userId, triggerRef: `code:${code}`, currency: player.currency, now });
      if (!card) throw new AppError('PROMO_CODE_USED', { field: 'code' });
      return { kind: 'booster', card };
    }
    if (campaign.kind === 'free_bet') {
      if (accept === 'bonus') throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
      const grant = await bonusFreeBetGrant(tx, {
        campaign,
        userId: player.userId,
        triggerRef: `code:${code}`,
        currency: player.currency,
        amountMinor: 0,
        now,
      });
      if (!grant) throw new AppError('PROMO_CODE_USED', { field: 'code' });
      return { kind: 'free_bet', grant };
    }
    if (campaign.kind === 'free_rounds') {
      if (accept === 'bonus') throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
      const grant = await bonusFreeRoundsGrant(tx, { campaign, userId: player.userId, triggerRef: `code:${code}`, currency: player.currency, now });
      if (!grant) throw new AppError('PROMO_CODE_USED', { field: 'code' });
      // The player sees the rounds in the answer: new_bonus must not pop them up again.
      await freeRoundsShownSet(tx, grant.id, now);
      return { kind: 'free_rounds', grant };
    }
    const bonus = await bonusGrant(tx, {
      campaign,
      userId: player.userId,
      triggerRef: `code:${code}`,
      currency: player.currency,
      amountMinor: campaignBonusMinor(campaign.terms, 0, player.currency),
      depositMinor: 0,
      now,
    });
    if (!bonus) throw new AppError('PROMO_CODE_USED', { field: 'code' });
    // The player sees this bonus in the answer: new_bonus must not pop it up again.
    await bonusShownSet(tx, bonus.id, now);
    return { kind: 'bonus', bonus };
  });
}

/** Redeems a code of a redeem_code campaign (a bonus); a free-bet code answers PROMO_CODE_INVALID here. */
export async function bonusCodeRedeem(db: Db, player: CodePlayer, code: string, now: Date): Promise<BonusRow> {
  const reward = await codeRedeem(db, player, code, now, 'bonus');
  if (reward.kind !== 'bonus') throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
  return reward.bonus;
}

/** What a code is worth: a free bet's stake, free rounds' total stake, or the bonus. */
function codeAmountMinor(campaign: CampaignRow, now: Date, currency: CurrencyCode): number {
  if (campaign.kind === 'booster') return campaign.terms.booster?.capMinor ?? 0;
  if (campaign.kind === 'free_bet') return freeBetGrantTermsOf(campaign.terms, now, currency).amountMinor;
  if (campaign.kind === 'free_rounds') {
    const terms = freeRoundsGrantTermsOf(campaign.terms, now);
    return terms ? terms.rounds * terms.stakeMinor : 0;
  }
  return campaignBonusMinor(campaign.terms, 0, currency);
}

/** `promo_code/check`: whether a code can be redeemed now, without taking a use. */
export async function bonusCodeCheck(db: Db, player: CodePlayer, code: string, now: Date) {
  const row = await codeFind(db, code);
  const campaign = row && (await campaignFind(db, row.campaignId));
  const valid = row !== undefined && campaign?.status === 'active' && campaign.appKey === player.appKey && row.uses < row.usesMax && row.expiresAt > now;
  if (!valid || !campaign || !isCurrencyCode(player.currency)) throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
  return {
    code,
    amount: codeAmountMinor(campaign, now, player.currency),
    currency: player.currency,
    expire_time: Math.floor(row.expiresAt.getTime() / 1000),
  };
}
