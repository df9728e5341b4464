import { VARIANT_PROFILES } from '../variants/profiles.ts';
import type { MarketKey, VariantProfile } from '../variants/profile.ts';
import { bonusAllowedInMarket } from './bonus-grant.ts';

/**
 * The sign-up bonus's abuse rules (issue 17): one per person — a person being any of their e-mail, their device
 * (`smid`) or a payment account they use — and at most `SIGN_UP_BONUS_PER_IP_DAY` per client IP and brand a day.
 * Where the brand's jurisdiction forbids bonuses that attract players there is none at all.
 */

/** Markets where no sign-up bonus is offered: Brazil's ordinances forbid bonuses that attract players (regulation.md). */
const SIGN_UP_BONUS_FORBIDDEN_MARKETS: ReadonlySet<MarketKey> = new Set<MarketKey>(['BR']);

/** Per brand, as data: whether it may offer a sign-up bonus (every brand of a forbidding market says no). */
export const SIGN_UP_BONUS_BY_BRAND: Readonly<Record<string, boolean>> = Object.fromEntries(
  VARIANT_PROFILES.map((profile) => [
    profile.appKey,
    !SIGN_UP_BONUS_FORBIDDEN_MARKETS.has(profile.market) && bonusAllowedInMarket(profile.market, 'acquisition'),
  ]),
);

export function signUpBonusAllowed(profile: Pick<VariantProfile, 'appKey'>): boolean {
  return SIGN_UP_BONUS_BY_BRAND[profile.appKey] ?? false;
}

/** Sign-up bonuses one client IP may earn per brand and UTC day (a household or office shares one). */
export const SIGN_UP_BONUS_PER_IP_DAY = 3;

export type ClaimKeyKind = 'email' | 'device' | 'payment_account';

export interface ClaimKey {
  kind: ClaimKeyKind;
  value: string;
}

/**
 * What identifies the person claiming, normalised so trivial variants count as the same person: e-mail lower-cased,
 * with Gmail's dots and any `+tag` dropped; a device id trimmed; a payment account stripped of spaces and dashes and
 * upper-cased. Missing or blank parts are left out.
 */
export function signUpClaimKeys(input: { email?: string | undefined; smid?: string | undefined; paymentAccount?: string | undefined }): ClaimKey[] {
  const keys: ClaimKey[] = [];
  const email = input.email?.trim().toLowerCase();
  if (email && email.includes('@')) {
    const at = email.lastIndexOf('@');
    let local = email.slice(0, at).split('+')[0]!;
    let domain = email.slice(at + 1);
    if (domain === 'googlemail.com') domain = 'gmail.com';
    if (domain === 'gmail.com') local = local.replaceAll('.', '');
    keys.push({ kind: 'email', value: `${local}@${domain}` });
  }
  const smid = input.smid?.trim();
  if (smid) keys.push({ kind: 'device', value: smid });
  const account = input.paymentAccount?.replace(/[\s-]/g, '').toUpperCase();
  if (account) keys.push({ kind: 'payment_account', value: account });
  return keys;
}

/** The UTC day an IP's sign-up count belongs to (YYYY-MM-DD). */
export function claimDayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The fields of a payout account that name where money goes (not who holds it), most specific first. */
const ACCOUNT_IDENTITY_FIELDS = ['pix_key', 'clabe', 'account_number', 'phone', 'address'] as const;

/**
 * The identity of a saved payout account, for the one-per-person rule: its destination field (PIX key, CLABE, bank
 * account with its IFSC or bank, phone wallet, crypto address) prefixed by the field; undefined when it has none.
 */
export function paymentAccountIdentity(elements: Readonly<Record<string, string>>): string | undefined {
  const field = ACCOUNT_IDENTITY_FIELDS.find((name) => (elements[name] ?? '').trim() !== '');
  if (!field) return undefined;
  const branch = field === 'account_number' ? (elements.ifsc ?? elements.bank_code ?? '') : '';
  return [field, elements[field]!.trim(), branch.trim()].filter(Boolean).join(':');
}
