import { bonusMaxMinor } from '../payments/limits.ts';
import type { VariantProfile } from '../variants/profile.ts';

/**
 * Share-to-cash-out (pdd; issue 19, decision 063). A player opens an envelope worth `targetMinor`; friends reaching
 * the player's invite link add `visitStepMinor` (a distinct device landing on the link) and `signupStepMinor` (an
 * attributed sign-up). Steps are the server's, never the client's. Reaching the target makes the reward ready (the
 * existing pdd/withdraw pays it); an envelope not reached within `expiryHours` stops counting.
 */
export interface PddTerms {
  targetMinor: number;
  visitStepMinor: number;
  signupStepMinor: number;
  expiryHours: number;
}

/** Per-brand overrides of the defaults (a release, like the brand profiles and the referral terms). */
export const PDD_TERMS_BY_BRAND: Readonly<Record<string, Partial<PddTerms>>> = {};

/** The brand's envelope: a tenth of the currency's bonus maximum; a visit adds 5 %, a sign-up 20 %; 72 hours. */
export function pddTermsOf(profile: Pick<VariantProfile, 'appKey' | 'currency'>): PddTerms {
  const targetMinor = Math.floor(bonusMaxMinor(profile.currency) / 10);
  const defaults: PddTerms = {
    targetMinor,
    visitStepMinor: Math.max(1, Math.floor(targetMinor / 20)),
    signupStepMinor: Math.max(1, Math.floor(targetMinor / 5)),
    expiryHours: 72,
  };
  return { ...defaults, ...PDD_TERMS_BY_BRAND[profile.appKey] };
}

export type PddHelpKind = 'visit' | 'signup';

/** What one friend's help adds: its step, cut so progress never passes the target. */
export function pddIncrementOf(terms: PddTerms, progressMinor: number, kind: PddHelpKind): number {
  const step = kind === 'visit' ? terms.visitStepMinor : terms.signupStepMinor;
  return Math.max(0, Math.min(step, terms.targetMinor - progressMinor));
}

export type PddEnvelopeStatus = 'open' | 'reached' | 'expired';

/** An envelope's status from its stored fields and the clock: an open one past its expiry is expired, stored or not. */
export function pddStatusOf(envelope: { status: string; expiresAt: Date }, now: Date): PddEnvelopeStatus {
  if (envelope.status === 'reached') return 'reached';
  if (envelope.status === 'expired' || now.getTime() >= envelope.expiresAt.getTime()) return 'expired';
  return 'open';
}

/** The envelope's reward id (the `pdd_rewards` key and pdd/withdraw's `pdd_uid`). */
export function pddUidOf(envelopeId: number): string {
  return `pdd-${envelopeId}`;
}

/** A visiting device as the friends list shows it: never the whole id. */
export function pddVisitorMasked(smid: string): string {
  const tail = smid.replace(/[^A-Za-z0-9]/g, '').slice(-3);
  return `••${tail}`;
}
