import { prizeWithholdingChangeMinor, type JurisdictionProfile } from '@piranha/domain';
import type { DbOrTx } from '../../db/client.ts';
import { jurisdictionOfKey } from '../safer-play/safer-play.service.ts';
import { appKeysOfUsers, type BetRow } from './betting.repository.ts';

/** The part of a brand's profile a bet's withholding reads. */
export type WithholdingRate = Pick<JurisdictionProfile, 'prizeWithholdingBp'>;

/** The prize withholding rate of each player's brand (Mexico 1 % by default, 0 elsewhere; decision 060). */
export async function withholdingRatesOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, WithholdingRate>> {
  const keys = await appKeysOfUsers(db, userIds);
  return new Map([...keys].map(([userId, appKey]) => [userId, { prizeWithholdingBp: jurisdictionOfKey(appKey).prizeWithholdingBp }]));
}

export async function withholdingRateOf(db: DbOrTx, userId: number): Promise<WithholdingRate> {
  return (await withholdingRatesOf(db, [userId])).get(userId) ?? { prizeWithholdingBp: jurisdictionOfKey(undefined).prizeWithholdingBp };
}

/**
 * What one payment of the bet withholds (negative: gives back), given all the bet will have returned once it counts —
 * its cash-outs and its settlement's credit. The bet's stake as placed is the base (a free bet's counts 0), and the
 * bet's `withheldMinor` is what it kept back before (domain `prizeWithholdingChangeMinor`).
 */
export function betPaymentWithheldMinor(
  rate: WithholdingRate,
  bet: Pick<BetRow, 'freeBet' | 'stakePlacedMinor' | 'withheldMinor'>,
  returnedMinor: number,
  paymentMinor: number,
): number {
  if (rate.prizeWithholdingBp <= 0 && bet.withheldMinor === 0) return 0;
  return prizeWithholdingChangeMinor(rate, {
    stakeMinor: bet.freeBet ? 0 : bet.stakePlacedMinor,
    returnedMinor,
    withheldMinor: bet.withheldMinor,
    paymentMinor,
  });
}
