import { bonusAllowedInMarket, campaignBonusMinor, isCurrencyCode, variantFindByKey } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { bonusGrant } from './bonus-ledger.service.ts';
import { campaignFind, codeFind, codeUseTake, type BonusRow } from './bonus.repository.ts';

export interface CodePlayer {
  userId: number;
  appKey: string;
  currency: string;
}

/**
 * Redeems a code: takes one of its uses (a guarded increment, so N uses are granted at most N times however many
 * players race) and grants its campaign's bonus once per player (the grant's key is the code). A player who already
 * used it gets PROMO_CODE_USED and the use taken is given back by the rollback.
 */
export async function bonusCodeRedeem(db: Db, player: CodePlayer, code: string, now: Date): Promise<BonusRow> {
  return transaction(db, async (tx) => {
    const taken = await codeUseTake(tx, code, now);
    if (!taken) throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
    const campaign = await campaignFind(tx, taken.campaignId);
    const profile = variantFindByKey(player.appKey);
    if (!campaign || campaign.status !== 'active' || campaign.appKey !== player.appKey) throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
    if (!profile || !bonusAllowedInMarket(profile.market, campaign.terms.purpose)) throw new AppError('BONUS_FORBIDDEN_HERE');
    if (!isCurrencyCode(player.currency)) throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
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
    return bonus;
  });
}

/** `promo_code/check`: whether a code can be redeemed now, without taking a use. */
export async function bonusCodeCheck(db: Db, player: CodePlayer, code: string, now: Date) {
  const row = await codeFind(db, code);
  const campaign = row && (await campaignFind(db, row.campaignId));
  const valid = row !== undefined && campaign?.status === 'active' && campaign.appKey === player.appKey && row.uses < row.usesMax && row.expiresAt > now;
  if (!valid || !campaign || !isCurrencyCode(player.currency)) throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
  return {
    code,
    amount: campaignBonusMinor(campaign.terms, 0, player.currency),
    currency: player.currency,
    expire_time: Math.floor(row.expiresAt.getTime() / 1000),
  };
}
