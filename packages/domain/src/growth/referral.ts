/**
 * Invites and referral attribution (issue 19, decision 031 — rules only; storage and endpoints are still to build).
 * A player's personal invite code is derived from the player id (no table needed to issue one); a referrer value
 * (install_referrer, apk_referrer, the mini app's start parameter) is base64 and decodes to a query string — spec §5:
 * a value that does not decode defaults to the official source.
 */

/** Crockford base32: no I, L, O or U, so a code read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_PREFIX = 'P';

function checkCharOf(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) sum = (sum * 7 + ALPHABET.indexOf(body[index]!) + index) % 32;
  return ALPHABET[sum]!;
}

/** The personal invite code of a player: `P`, the id in base32, and a check character. */
export function inviteCodeOf(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError('a player id is a positive integer');
  let body = '';
  for (let rest = userId; rest > 0; rest = Math.floor(rest / 32)) body = ALPHABET[rest % 32]! + body;
  return `${CODE_PREFIX}${body}${checkCharOf(body)}`;
}

/** The player a typed code names (case, spaces and dashes forgiven, O→0 and I/L→1 as Crockford reads them); undefined when it is not a valid code. */
export function inviteCodeParse(typed: string): number | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!code.startsWith(CODE_PREFIX) || code.length < 3 || code.length > 14) return undefined;
  const body = code.slice(CODE_PREFIX.length, -1);
  if ([...body].some((char) => !ALPHABET.includes(char)) || body.startsWith('0')) return undefined;
  if (checkCharOf(body) !== code.at(-1)) return undefined;
  let userId = 0;
  for (const char of body) userId = userId * 32 + ALPHABET.indexOf(char);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : undefined;
}

export const OFFICIAL_SOURCE = 'official';

export interface Referrer {
  /** utm_source, or `official` when the value did not decode. */
  source: string;
  campaign: string;
  /** The invite code it carries (`invite`, or `ref`), if any. */
  inviteCode?: string | undefined;
  /** False when the raw value was not base64 of a readable query string (spec §5 fallback). */
  decoded: boolean;
}

function base64Text(raw: string): string | undefined {
  const normal = raw.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (normal === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(normal) || normal.replace(/=+$/, '').length % 4 === 1) return undefined;
  const padded = normal.padEnd(Math.ceil(normal.length / 4) * 4, '=');
  try {
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /^[\x20-\x7e\u00a0-\uffff]*$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Spec §5: a referrer value base64-decoded to `utm_source=…&utm_campaign=…&invite=…`; anything else → the official source. */
export function referrerDecode(raw: string | undefined): Referrer {
  const fallback: Referrer = { source: OFFICIAL_SOURCE, campaign: '', decoded: false };
  const text = raw === undefined ? undefined : base64Text(raw);
  if (text === undefined || !text.includes('=')) return fallback;
  const params = new URLSearchParams(text);
  const source = params.get('utm_source')?.trim() ?? '';
  const inviteCode = (params.get('invite') ?? params.get('ref'))?.trim() || undefined;
  if (source === '' && inviteCode === undefined) return fallback;
  return { source: source || OFFICIAL_SOURCE, campaign: params.get('utm_campaign')?.trim() ?? '', inviteCode, decoded: true };
}

export const ATTRIBUTION_SOURCES = ['link', 'code', 'mini_app', 'install_referrer'] as const;
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number];

/** Which invite counts at sign-up when several arrive: the link first, then a typed code, the mini app, the install referrer. */
export function attributionPick(candidates: Partial<Record<AttributionSource, string>>): { source: AttributionSource; inviterId: number } | undefined {
  for (const source of ATTRIBUTION_SOURCES) {
    const inviterId = candidates[source] === undefined ? undefined : inviteCodeParse(candidates[source]);
    if (inviterId !== undefined) return { source, inviterId };
  }
  return undefined;
}

export interface ReferralParty {
  userId: number;
  deviceIds: readonly string[];
  paymentAccounts: readonly string[];
  ips: readonly string[];
}

/** The network an address belongs to for self-referral: an IPv4 /24, an IPv6 /64. */
export function ipRangeOf(ip: string): string {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip.replace(/^::ffff:/i, ''));
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const groups = head.split(':').filter(Boolean);
  const full = tail === undefined ? groups : [...groups, ...Array<string>(Math.max(0, 8 - groups.length - tail.split(':').filter(Boolean).length)).fill('0')];
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Why an invite is self-referral (same player, device, payment account or IP range), or undefined when it is not. */
export function selfReferralReason(
  inviter: ReferralParty,
  invitee: ReferralParty,
): 'same_player' | 'same_device' | 'same_payment_account' | 'same_ip_range' | undefined {
  const shares = (a: readonly string[], b: readonly string[]) => a.some((value) => value !== '' && b.includes(value));
  if (inviter.userId === invitee.userId) return 'same_player';
  if (shares(inviter.deviceIds, invitee.deviceIds)) return 'same_device';
  if (shares(inviter.paymentAccounts, invitee.paymentAccounts)) return 'same_payment_account';
  if (shares(inviter.ips.map(ipRangeOf), invitee.ips.map(ipRangeOf))) return 'same_ip_range';
  return undefined;
}
