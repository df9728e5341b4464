import { documentCheck } from '../payments/documents.ts';
import type { JurisdictionProfile } from './jurisdictions.ts';

/**
 * Identity checks (issue 20, decision 037): the states, the age from the document's birth date, the uploads a sandbox
 * or real identity provider accepts, and what the law of the brand's market asks before money leaves or play starts.
 */
export const KYC_STATES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];

/** Why a check was rejected: the provider's decline, a birth date under the profile's minimum age, a CPF not the player's own. */
export const KYC_REJECT_REASONS = ['declined', 'underage', 'cpf_mismatch'] as const;
export type KycRejectReason = (typeof KYC_REJECT_REASONS)[number];

/** The identity document a market asks for: Brazil the CPF (checked digits), elsewhere an id or passport number. */
export type KycDocumentType = 'CPF' | 'ID';

export function kycDocumentTypeOf(profile: Pick<JurisdictionProfile, 'key'>): KycDocumentType {
  return profile.key === 'BR' ? 'CPF' : 'ID';
}

/** The document number normalised, or why it is refused. */
export function kycDocumentCheck(type: KycDocumentType, raw: string): { ok: true; value: string } | { ok: false; issue: 'format' | 'checksum' } {
  if (type === 'CPF') {
    const check = documentCheck('CPF', raw);
    return check.ok ? { ok: true, value: check.value } : { ok: false, issue: check.issue === 'checksum' ? 'checksum' : 'format' };
  }
  const compact = raw.replace(/[\s.-]/g, '').toUpperCase();
  return /^[A-Z0-9]{5,20}$/.test(compact) ? { ok: true, value: compact } : { ok: false, issue: 'format' };
}

/** A calendar date `YYYY-MM-DD` that exists (no 30 February). */
export function isoDateValid(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}

/** Today's date in `timeZone` as YYYY-MM-DD. */
function localDate(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const of = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: of('year'), month: of('month'), day: of('day') };
}

/**
 * Whole years from `birthDate` to today in the market's calendar: a birthday counts from its local midnight, and a
 * 29 February birthday is reached on 1 March in a common year (the day after 28 February).
 */
export function kycAgeOn(birthDate: string, now: Date, timeZone: string): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const today = localDate(now, timeZone);
  let age = today.year - year;
  if (today.month < month || (today.month === month && today.day < day)) age -= 1;
  return age;
}

/** Whether the profile asks a verified identity before `action`: every withdrawal (the first included), or play as well. */
export function kycRequiredFor(profile: Pick<JurisdictionProfile, 'kycBefore'>, action: 'withdrawal' | 'play'): boolean {
  if (profile.kycBefore === 'none') return false;
  return action === 'withdrawal' || profile.kycBefore === 'play';
}

/** Uploads: a photo (JPEG, PNG, WebP) for both, a PDF for the document too; at most 2 MB each. */
export const KYC_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const KYC_FILE_TYPES = {
  document: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  selfie: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
export type KycFileKind = keyof typeof KYC_FILE_TYPES;

/** The file's type from its first bytes (never from what the browser claims), or undefined when none of ours. */
export function kycFileSniff(bytes: Uint8Array): string | undefined {
  const starts = (...head: number[]) => head.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return undefined;
}

/** An upload accepted, with its sniffed type, or the reason it is refused. */
export function kycFileCheck(kind: KycFileKind, bytes: Uint8Array): { ok: true; type: string } | { ok: false; issue: 'empty' | 'too_large' | 'type' } {
  if (bytes.length === 0) return { ok: false, issue: 'empty' };
  if (bytes.length > KYC_FILE_MAX_BYTES) return { ok: false, issue: 'too_large' };
  const type = kycFileSniff(bytes);
  if (!type || !(KYC_FILE_TYPES[kind] as readonly string[]).includes(type)) return { ok: false, issue: 'type' };
  return { ok: true, type };
}
