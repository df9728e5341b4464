/**
 * The partner bridge's pure rules (BRG; spec §1, §2 the BRG header; decision 064): which origins a brand's page may
 * talk to, which messages it accepts, and what a reported client balance must look like. The server reads the
 * brand's origins from BRG_PARTNER_ORIGINS; the page gets them from `brg/profile/get` and applies the same rules.
 */

/**
 * The origin `text` names, or undefined: `scheme://host[:port]` exactly as `URL.origin` writes it (http or https, no
 * path, query, fragment or credentials). "null" (an opaque origin: a sandboxed frame, a file) is never one.
 */
export function partnerOriginParse(text: string): string | undefined {
  if (text.length > 300) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return url.origin === text ? url.origin : undefined;
}

/** What the page does with a message on its window: takes it, or ignores it for a reason it reports. */
export type PartnerMessageVerdict = 'accept' | 'foreign_origin' | 'not_parent';

/**
 * A message is the partner's only when it comes from the window that framed us (`fromParent`: `event.source ===
 * window.parent`, and we are framed) and from one of the brand's partner origins, compared exactly (no prefix or
 * subdomain match: `https://partner.example.evil.com` is not `https://partner.example`).
 */
export function partnerMessageVerdict(sender: { origin: string; fromParent: boolean }, allowed: readonly string[]): PartnerMessageVerdict {
  if (!allowed.includes(sender.origin)) return 'foreign_origin';
  if (!sender.fromParent) return 'not_parent';
  return 'accept';
}

/**
 * The origin we post to: the parent's, as the browser says it (`location.ancestorOrigins[0]`, else the referrer's
 * origin), and only when the brand lists it. Undefined: no bridge (we never post to '*' or to an origin we guessed).
 */
export function partnerParentOrigin(ancestorOrigins: readonly string[], referrer: string, allowed: readonly string[]): string | undefined {
  const parent = ancestorOrigins[0] ?? (referrer ? originOfUrl(referrer) : undefined);
  return parent !== undefined && allowed.includes(parent) ? parent : undefined;
}

function originOfUrl(text: string): string | undefined {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The partner's client balance as the parent reports it: minor units of a currency the brand sells. */
export interface PartnerClientBalance {
  amount: number;
  currency: string;
}

/** The largest client balance shown (minor units): beyond it a figure is a broken or hostile message. */
export const PARTNER_BALANCE_MAX = 1e15;

/** A `balance` payload the page can show, or undefined (a wrong shape, a negative or fractional amount, another currency). */
export function partnerBalanceParse(payload: unknown, currencies: readonly string[]): PartnerClientBalance | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { amount, currency } = payload as { amount?: unknown; currency?: unknown };
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || amount > PARTNER_BALANCE_MAX) return undefined;
  if (typeof currency !== 'string' || !currencies.includes(currency)) return undefined;
  return { amount, currency };
}
