import type { MarketKey } from '../variants/profile.ts';

/**
 * Jurisdiction profiles (issue 20, decision 027): what the law of a brand's market asks of the product, as data in one
 * place. Sources: shared/docs/reference/regulation.md. Every brand names one (`jurisdictionOfBrand`); the server enforces
 * it where money or play moves and the web only explains it.
 *
 * A fact the reference marks unverified is a SETTING: it has a default here, is listed in `unverified`, and an operator
 * may override it per jurisdiction (`jurisdictionResolve`, server env SAFER_PLAY_OVERRIDES). Verified facts are not
 * overridable.
 */
export type JurisdictionKey = MarketKey;

/**
 * The player limits the product offers: three of money (minor units) and one of play time (`time`: minutes a day,
 * decision 054 — its only period is `day`).
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'time'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** The limits counted in money, the ones a sign-up may ask for. */
export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Ways of paying a jurisdiction may forbid. */
export type PaymentMethodClass = 'crypto' | 'credit_card' | 'third_party';

export interface JurisdictionProfile {
  key: JurisdictionKey;
  minimumAge: number;
  /** The market's civil time zone: limit windows (day, week, month) follow its calendar. */
  timeZone: string;
  /** Limits the player must set, and when they are asked for ('signup' in Brazil). */
  mandatoryLimits: { kinds: readonly MoneyLimitKind[]; askedAt: 'signup' | 'first_deposit' | 'never' };
  /** Hours an increase or removal of a limit waits before it applies (a decrease applies at once). */
  coolingHours: number;
  /** Payment methods the law forbids. */
  paymentBanned: readonly PaymentMethodClass[];
  /** Whether a bonus may be offered to attract a sign-up (Brazil: no). */
  signupBonusAllowed: boolean;
  /** Minimum stake in minor units of the market currency, when the law sets one (Kenya: KES 20). */
  minStakeMinor?: number;
  /** Tax withheld from each withdrawal, in basis points (Kenya: 5 % = 500). */
  withdrawalTaxBp: number;
  /** Tax withheld from prizes, in basis points (Mexico, Colombia: settings). */
  prizeWithholdingBp: number;
  /** A risk warning on every access (Brazil). */
  riskWarningEveryAccess: boolean;
  /** The RTP shown on every game (Brazil). */
  rtpShown: boolean;
  /** Minutes idle after which a bet or transaction needs a new sign-in, when the law sets it (Brazil 30). */
  idleReauthMinutes?: number;
  /** No online money play is legal: the banned guide, no money flows (India, Vietnam). */
  closed: boolean;
  /** Minutes between reality checks when the player has not chosen (a setting: no market here fixes one). */
  realityCheckMinutes: number;
  /**
   * When an identity check (KYC) must have passed: before the first withdrawal, before any play as well, or never where
   * the reference names no such duty (an operator setting there, decision 037).
   */
  kycBefore: 'withdrawal' | 'play' | 'none';
  /** The national self-exclusion service players must be pointed to. */
  nationalSelfExclusionUrl?: string;
  /** Field names whose value is an operator setting (the reference could not verify it). */
  unverified: readonly (keyof JurisdictionProfile)[];
}

/** Time-out and self-exclusion bounds (issue 20). */
export const TIME_OUT_HOURS_MIN = 24;
export const TIME_OUT_HOURS_MAX = 6 * 7 * 24;
export const SELF_EXCLUSION_MONTHS_MIN = 6;
export const SELF_EXCLUSION_MONTHS_MAX = 60;

const DAY_H = 24;
const WEEK_H = 7 * 24;

const BASE: Omit<JurisdictionProfile, 'key' | 'timeZone'> = {
  minimumAge: 18,
  mandatoryLimits: { kinds: [], askedAt: 'never' },
  coolingHours: DAY_H,
  paymentBanned: [],
  signupBonusAllowed: true,
  withdrawalTaxBp: 0,
  prizeWithholdingBp: 0,
  riskWarningEveryAccess: false,
  rtpShown: false,
  closed: false,
  realityCheckMinutes: 60,
  kycBefore: 'none',
  unverified: [],
};

const rows: readonly (Partial<JurisdictionProfile> & Pick<JurisdictionProfile, 'key' | 'timeZone'>)[] = [
  {
    // Lei 14.790/2023; Portarias SPA/MF 615/2024 (payments), 1.231/2024 and 2.579/2025 (responsible gaming).
    key: 'BR',
    timeZone: 'America/Sao_Paulo',
    mandatoryLimits: { kinds: ['loss'], askedAt: 'signup' },
    // The 7-day wait is the operator's choice here; the ordinances do not fix one.
    coolingHours: WEEK_H,
    paymentBanned: ['crypto', 'credit_card', 'third_party'],
    signupBonusAllowed: false,
    // Lei 14.790 art. 23: identity (CPF, facial recognition) at sign-up; enforced before withdrawals, 'play' is the
    // operator's switch (decision 037: existing journeys play before verifying).
    kycBefore: 'withdrawal',
    riskWarningEveryAccess: true,
    rtpShown: true,
    idleReauthMinutes: 30,
    nationalSelfExclusionUrl: 'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas/modulo-de-impedidos/autoexclusao-faq',
    // Lei 14.790 art. 23 asks the identity check at sign-up; 'play' is the operator's switch (decision 037).
    unverified: ['coolingHours'],
  },
  // SEGOB permit; ISR withholding 1 % or 21 % depending on the state: a setting. Age 18 not verified in a primary source.
  { key: 'MX', timeZone: 'America/Mexico_City', prizeWithholdingBp: 100, unverified: ['minimumAge', 'prizeWithholdingBp'] },
  // Coljuegos Res. 22654/2024: self-exclusion mandatory. Age, limits and the 20 % withholding are only affiliate-reported.
  { key: 'CO', timeZone: 'America/Bogota', prizeWithholdingBp: 0, unverified: ['minimumAge', 'mandatoryLimits', 'prizeWithholdingBp'] },
  // Ley 31557: crypto is not an authorised payment method. The no-credit rule follows the issue (settings).
  { key: 'PE', timeZone: 'America/Lima', paymentBanned: ['crypto', 'credit_card'], unverified: ['paymentBanned'] },
  // Gambling Control Act 2025: minimum bet KES 20; Finance Act 2025: 5 % tax on withdrawals.
  { key: 'KE', timeZone: 'Africa/Nairobi', minStakeMinor: 20_00, withdrawalTaxBp: 500 },
  // PAGCOR: 21 and over.
  // KYC plus OTP at login on licensed sites (reference): before withdrawals here, 'play' is a setting.
  { key: 'PH', timeZone: 'Asia/Manila', minimumAge: 21, kycBefore: 'withdrawal' },
  // Promotion and Regulation of Online Gaming Act 2025: online money games banned.
  { key: 'IN', timeZone: 'Asia/Kolkata', closed: true },
  // Only a retail pilot (Decree 06/2017), 21+, no online play.
  { key: 'VN', timeZone: 'Asia/Ho_Chi_Minh', minimumAge: 21, closed: true },
  // Markets the reference does not cover: the defaults, all of them settings.
  { key: 'AR', timeZone: 'America/Argentina/Buenos_Aires', unverified: ['minimumAge', 'coolingHours'] },
  { key: 'TH', timeZone: 'Asia/Bangkok', unverified: ['minimumAge', 'coolingHours', 'closed'] },
  { key: 'MY', timeZone: 'Asia/Kuala_Lumpur', unverified: ['minimumAge', 'coolingHours', 'closed'] },
  { key: 'RU', timeZone: 'Europe/Moscow', unverified: ['minimumAge', 'coolingHours', 'closed'] },
  { key: 'USD', timeZone: 'UTC', unverified: ['minimumAge', 'coolingHours'] },
  { key: 'CRYPTO', timeZone: 'UTC', unverified: ['minimumAge', 'coolingHours'] },
  { key: 'MULTI', timeZone: 'UTC', unverified: ['minimumAge', 'coolingHours'] },
];

export const JURISDICTIONS: Readonly<Record<JurisdictionKey, JurisdictionProfile>> = Object.fromEntries(
  rows.map((row) => [row.key, { ...BASE, ...row }]),
) as Record<JurisdictionKey, JurisdictionProfile>;

/** Fields no law fixes in any market here: always the operator's setting. */
// kycBefore: an operator may ask identity before withdrawals or play anywhere (decision 037).
const OPERATOR_SETTINGS: readonly (keyof JurisdictionProfile)[] = ['realityCheckMinutes', 'kycBefore'];

/** Operator settings: per jurisdiction, values for fields listed as unverified. */
export type JurisdictionOverrides = Partial<Record<JurisdictionKey, Partial<Omit<JurisdictionProfile, 'key' | 'unverified'>>>>;

/**
 * The profile with the operator's settings applied. Only fields listed in `unverified` may be overridden; any other
 * field in the settings is an error (a verified legal fact is not a setting).
 */
export function jurisdictionResolve(key: JurisdictionKey, overrides: JurisdictionOverrides = {}): JurisdictionProfile {
  const base = JURISDICTIONS[key];
  const mine = overrides[key];
  if (!mine) return base;
  for (const field of Object.keys(mine)) {
    if (!(base.unverified as readonly string[]).includes(field) && !(OPERATOR_SETTINGS as readonly string[]).includes(field))
      throw new Error(`jurisdiction ${key}: ${field} is a verified fact, not a setting`);
  }
  return { ...base, ...mine };
}

/** The jurisdiction a brand operates under (the profile names it). */
export function jurisdictionOfBrand(brand: { jurisdiction: JurisdictionKey }, overrides?: JurisdictionOverrides): JurisdictionProfile {
  return jurisdictionResolve(brand.jurisdiction, overrides);
}

/** For the bonus engine: may a bonus be offered for signing up under this profile? */
export function signupBonusAllowed(profile: Pick<JurisdictionProfile, 'signupBonusAllowed' | 'closed'>): boolean {
  return profile.signupBonusAllowed && !profile.closed;
}

/** Whether a payment method of this class may be used (Brazil, Peru: no crypto, no credit). */
export function paymentAllowed(profile: Pick<JurisdictionProfile, 'paymentBanned' | 'closed'>, method: PaymentMethodClass | 'other'): boolean {
  if (profile.closed) return false;
  return method === 'other' || !profile.paymentBanned.includes(method);
}

/**
 * The withdrawal tax in minor units, rounded down to the currency's step (the player is never charged more than the
 * rate, and a currency paid in whole units is taxed in whole units).
 */
export function withdrawalTaxMinor(profile: Pick<JurisdictionProfile, 'withdrawalTaxBp'>, amountMinor: number, stepMinor = 1): number {
  const exact = Math.floor((amountMinor * profile.withdrawalTaxBp) / 10_000);
  return exact - (exact % stepMinor);
}

/**
 * The prize withholding of one bet or round (Mexico's ISR, a setting; decision 050), in minor units, rounded down to the
 * currency's step. The base is the net win of that bet or round — what it returned above its stake — never the stake
 * coming back: a returned stake is the player's own money, not a prize, and a loss or a push withholds nothing.
 */
export function prizeWithholdingMinor(
  profile: Pick<JurisdictionProfile, 'prizeWithholdingBp'>,
  stakeMinor: number,
  returnedMinor: number,
  stepMinor = 1,
): number {
  const prize = returnedMinor - stakeMinor;
  if (prize <= 0 || profile.prizeWithholdingBp <= 0) return 0;
  const exact = Math.floor((prize * profile.prizeWithholdingBp) / 10_000);
  return exact - (exact % stepMinor);
}
