import { MARKET_LEGAL, TERMS_VERSION, type VariantProfile } from '@piranha/domain';
import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accountProfiles } from '../../db/schema/index.ts';
import { settingGet, settingSet } from '../config/config.repository.ts';
import type { ProfileRow } from './account.repository.ts';

/**
 * The terms a player accepts (decisions 032, 040). A brand's current version lives in one place: the setting
 * `terms_version:<app key>` an operator sets (POST /api/ops/terms-version) when the brand's terms change, else the
 * domain's TERMS_VERSION. Every way an account is created (e-mail, Google, Telegram, guest) and a tourist saving the
 * account checks and stores it; a signed-in player whose accepted version is older is asked again (`termsAsk`).
 */

export interface Consent {
  terms_version?: string | undefined;
  age_confirmed?: number | undefined;
}

export interface TermsCurrent {
  version: string;
  /** When the version became current: accounts created before with no recorded version are asked from then on. */
  since: Date;
}

const settingKey = (appKey: string) => `terms_version:${appKey}`;

export async function termsCurrentOf(db: DbOrTx, appKey: string): Promise<TermsCurrent> {
  const stored = (await settingGet(db, settingKey(appKey))) as { version?: unknown; since?: unknown } | undefined;
  if (stored && typeof stored.version === 'string' && typeof stored.since === 'string') return { version: stored.version, since: new Date(stored.since) };
  return { version: TERMS_VERSION, since: new Date(0) };
}

/** An operator publishes a new version of a brand's terms; setting the same version again changes nothing. */
export async function termsCurrentSet(db: DbOrTx, appKey: string, version: string, now: Date): Promise<TermsCurrent> {
  const current = await termsCurrentOf(db, appKey);
  if (current.version === version) return current;
  const next = { version, since: now };
  await settingSet(db, settingKey(appKey), { version, since: now.toISOString() });
  return next;
}

/** Refuses a new account (or a tourist saving theirs) without the age confirmed and the current terms accepted. */
export function consentRequire(consent: Consent, current: TermsCurrent): void {
  if (consent.age_confirmed !== 1) throw new AppError('AGE_NOT_CONFIRMED', { field: 'age_confirmed' });
  if (consent.terms_version !== current.version) throw new AppError('TERMS_NOT_ACCEPTED', { field: 'terms_version', issue: `expected_${current.version}` });
}

/** The profile columns that record a consent: the version, the market's minimum age, and when. */
export function consentValues(variant: VariantProfile, current: TermsCurrent, now: Date) {
  return { termsVersion: current.version, termsAcceptedAt: now, ageConfirmed: MARKET_LEGAL[variant.market].minimumAge, ageConfirmedAt: now };
}

/**
 * Whether a signed-in player must accept the current terms: their recorded version is another one, or they have none
 * recorded and the account is older than the current version (accounts from before decision 032 are asked only once
 * the terms change; nothing is invented for them).
 */
export function termsAsk(profile: Pick<ProfileRow, 'termsVersion' | 'createdAt'>, current: TermsCurrent): boolean {
  if (profile.termsVersion === current.version) return false;
  if (profile.termsVersion !== null) return true;
  return profile.createdAt.getTime() < current.since.getTime();
}

/** Whether a profile already holds the current version and an age confirmation (a tourist saving the account is not asked twice). */
export function consentHeld(profile: Pick<ProfileRow, 'termsVersion' | 'ageConfirmed'>, current: TermsCurrent): boolean {
  return profile.termsVersion === current.version && profile.ageConfirmed !== null;
}

/**
 * Records a signed-in player's acceptance of the current version. One conditional update: of twenty taps at once one
 * writes and the others find the version recorded, so the first acceptance's time is the one kept.
 */
export async function termsAcceptRecord(
  db: DbOrTx,
  userId: number,
  variant: VariantProfile,
  current: TermsCurrent,
  now: Date,
): Promise<{ terms_version: string; accepted_at: number }> {
  await db
    .update(accountProfiles)
    .set(consentValues(variant, current, now))
    .where(
      and(
        eq(accountProfiles.userId, userId),
        or(isNull(accountProfiles.termsVersion), ne(accountProfiles.termsVersion, current.version), isNull(accountProfiles.ageConfirmed)),
      ),
    );
  const [row] = await db
    .select({ version: accountProfiles.termsVersion, at: accountProfiles.termsAcceptedAt })
    .from(accountProfiles)
    .where(and(eq(accountProfiles.userId, userId), isNotNull(accountProfiles.termsAcceptedAt)));
  if (!row?.version || !row.at) throw new Error(`terms acceptance of user ${userId} not recorded`);
  return { terms_version: row.version, accepted_at: Math.floor(row.at.getTime() / 1000) };
}
