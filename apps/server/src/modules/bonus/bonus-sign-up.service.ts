import { BONUS_STATUS, campaignBonusMinor, claimDayOf, SIGN_UP_BONUS_PER_IP_DAY, signUpBonusAllowed, signUpClaimKeys, variantFindByKey } from '@piranha/domain';
import type { ErrorName } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { bonusForfeit, bonusGrant } from './bonus-ledger.service.ts';
import { campaignsActiveOf, type BonusRow, type CampaignRow } from './bonus.repository.ts';
import { experimentArmOfUser } from '../config/experiments.service.ts';

/**
 * The sign-up bonus (issue 17, decision 024), granted in the registration's own transaction so an account never
 * exists without the bonus it earned nor the reverse. Abuse rules, each held by a key the database enforces, so
 * twenty registrations at once still grant one:
 * - one per person: every identity of the claimant (normalised e-mail, device smid, payment account) is inserted
 *   into `bonus_claims`; any one already there refuses the claim (BONUS_ALREADY_CLAIMED);
 * - at most SIGN_UP_BONUS_PER_IP_DAY per client IP, brand and UTC day, by a guarded upsert (BONUS_IP_LIMIT);
 * - none where the brand's jurisdiction forbids it (SIGN_UP_BONUS_BY_BRAND in packages/domain; BONUS_FORBIDDEN_HERE).
 * A refusal rolls back to a savepoint: the claims and the IP count it wrote go, the registration stays.
 */

export interface SignUpClaim {
  userId: number;
  appKey: string;
  email?: string | undefined;
  smid?: string | undefined;
  paymentAccount?: string | undefined;
  ip: string;
  now: Date;
}

/**
 * The campaigns a player's arm of an experiment gets: those for every arm and those for the player's arm. The arm is
 * read (or stored) only when a campaign names one, so brands without an arm-specific offer never touch the assignments.
 */
export async function campaignsOfArm(
  tx: Tx,
  campaigns: readonly CampaignRow[],
  who: { userId: number; appKey: string; key: 'register_bonus_ab' | 'first_charge_ab'; now: Date },
): Promise<CampaignRow[]> {
  if (!campaigns.some((campaign) => campaign.terms.abArm !== undefined)) return [...campaigns];
  const arm = await experimentArmOfUser(tx, who);
  return campaigns.filter((campaign) => campaign.terms.abArm === undefined || campaign.terms.abArm === arm);
}

/** Takes one of the IP's sign-ups of the day; false when the day's limit is reached. */
async function ipClaimTake(tx: Tx, appKey: string, ip: string, day: string): Promise<boolean> {
  const rows = await rowsOf<{ count: number }>(
    tx,
    sql`insert into bonus_ip_claims (app_key, ip, day, count) values (${appKey}, ${ip}, ${day}, 1)
        on conflict (app_key, ip, day) do update set count = bonus_ip_claims.count + 1
        where bonus_ip_claims.count < ${SIGN_UP_BONUS_PER_IP_DAY}
        returning count`,
  );
  return rows.length === 1;
}

async function claimKeyInsert(tx: Tx, appKey: string, kind: string, value: string, userId: number, now: Date): Promise<boolean> {
  const rows = await rowsOf<{ key_kind: string }>(
    tx,
    sql`insert into bonus_claims (app_key, key_kind, key_value, user_id, created_at) values (${appKey}, ${kind}, ${value}, ${userId}, ${now})
        on conflict do nothing returning key_kind`,
  );
  return rows.length === 1;
}

/**
 * Grants the brand's active sign-up campaigns to a new player, or throws the refusal. Undefined when the brand runs
 * no sign-up campaign (nothing is claimed then, so a later campaign still finds the person new).
 */
export async function bonusSignUpClaim(tx: Tx, claim: SignUpClaim): Promise<BonusRow | undefined> {
  // The player's arm of register_bonus_ab picks the campaigns meant for it (decision 040); none may be meant for it.
  const campaigns = await campaignsOfArm(tx, await campaignsActiveOf(tx, claim.appKey, 'sign_up'), { ...claim, key: 'register_bonus_ab' });
  if (campaigns.length === 0) return undefined;
  const profile = variantFindByKey(claim.appKey);
  if (!profile || !signUpBonusAllowed(profile)) throw new AppError('BONUS_FORBIDDEN_HERE');
  return tx.transaction(async (savepoint) => {
    for (const key of signUpClaimKeys(claim)) {
      if (!(await claimKeyInsert(savepoint, claim.appKey, key.kind, key.value, claim.userId, claim.now))) throw new AppError('BONUS_ALREADY_CLAIMED');
    }
    if (!(await ipClaimTake(savepoint, claim.appKey, claim.ip, claimDayOf(claim.now)))) throw new AppError('BONUS_IP_LIMIT');
    let granted: BonusRow | undefined;
    for (const campaign of campaigns) {
      const amountMinor = campaignBonusMinor(campaign.terms, 0, profile.currency);
      const bonus = await bonusGrant(savepoint, {
        campaign,
        userId: claim.userId,
        triggerRef: 'sign_up',
        currency: profile.currency,
        amountMinor,
        depositMinor: 0,
        now: claim.now,
      });
      granted ??= bonus;
    }
    return granted;
  });
}

const REFUSALS: ReadonlySet<ErrorName> = new Set<ErrorName>(['BONUS_FORBIDDEN_HERE', 'BONUS_ALREADY_CLAIMED', 'BONUS_IP_LIMIT']);

/** At registration: a refused sign-up bonus never refuses the registration; the refusal's name is returned. */
export async function bonusSignUpOnRegister(tx: Tx, claim: SignUpClaim): Promise<BonusRow | string | undefined> {
  try {
    return await bonusSignUpClaim(tx, claim);
  } catch (error) {
    if (error instanceof AppError && REFUSALS.has(error.errorName)) return error.errorName;
    throw error;
  }
}

/**
 * A payout account saved by a player (payments' account elements, in the save's transaction). For a player holding
 * a sign-up bonus it is one more identity of that person: recorded in `bonus_claims`; when another player's sign-up
 * bonus holds it already, this player's sign-up bonus, if still open, is forfeited — one sign-up bonus per payment
 * account. Returns what happened.
 */
export async function bonusSignUpPaymentAccount(
  tx: Tx,
  input: { userId: number; appKey: string; paymentAccount: string | undefined; now: Date },
): Promise<'none' | 'recorded' | 'forfeited'> {
  const [key] = signUpClaimKeys({ paymentAccount: input.paymentAccount });
  if (!key) return 'none';
  const [bonus] = await rowsOf<{ id: string; status: number }>(
    tx,
    sql`select b.id, b.status from bonuses b join bonus_campaigns c on c.id = b.campaign_id
        where b.user_id = ${input.userId} and c.kind = 'sign_up' and b.trigger_ref = 'sign_up' order by b.id limit 1`,
  );
  if (!bonus) return 'none';
  if (await claimKeyInsert(tx, input.appKey, key.kind, key.value, input.userId, input.now)) return 'recorded';
  const [holder] = await rowsOf<{ user_id: string }>(
    tx,
    sql`select user_id from bonus_claims where app_key = ${input.appKey} and key_kind = ${key.kind} and key_value = ${key.value}`,
  );
  if (Number(holder?.user_id) === input.userId) return 'recorded';
  const open = Number(bonus.status) === BONUS_STATUS.locked || Number(bonus.status) === BONUS_STATUS.unlocking;
  if (open) await bonusForfeit(tx, Number(bonus.id), input.now, 'forfeit');
  return open ? 'forfeited' : 'recorded';
}
