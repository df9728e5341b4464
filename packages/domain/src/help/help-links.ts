import { safeUrl } from '../messages/safe-url.ts';
import type { VariantProfile } from '../variants/profile.ts';

/**
 * Where the help centre may send a player or what it may frame (decision 038). One rule for /link, /iframe and banner
 * clicks: an in-app path navigates inside the app; an address outside it is judged by its origin against the brand's
 * allow-list. Nothing else (javascript:, data:, `//host`, credentials in the address, other schemes) goes anywhere.
 */

/** Origins every brand may frame or link to without a warning: video embeds for the FAQ and help for problem gambling. */
export const HELP_TRUSTED_ORIGINS: readonly string[] = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.gamblingtherapy.org',
  'https://www.gamblersanonymous.org',
];

/** The brand's allow-list: its own site and help site, the trusted origins, and the origin the app runs on (if given). */
export function helpAllowedOrigins(profile: Pick<VariantProfile, 'officialDomain' | 'supportContact'>, appOrigin?: string): string[] {
  const own = [`https://${profile.officialDomain}`, `https://www.${profile.officialDomain}`, originOf(profile.supportContact)];
  return [...new Set([...own, ...HELP_TRUSTED_ORIGINS, ...(appOrigin ? [appOrigin] : [])].filter((origin): origin is string => !!origin))];
}

function originOf(raw: string): string | undefined {
  try {
    return new URL(raw).origin;
  } catch {
    return undefined;
  }
}

export type LinkTarget =
  /** An in-app route (hash routing): navigate to it. */
  | { kind: 'internal'; path: string }
  /** An address outside the app whose origin is allow-listed: open it (in a new context). */
  | { kind: 'external'; url: string; trusted: true }
  /** An http(s) address outside the allow-list: only after the player confirms on an interstitial. */
  | { kind: 'external'; url: string; trusted: false }
  /** Anything else: refused. */
  | { kind: 'refused' };

/** An in-app path: `/deposit`, `#/deposit?x=1`; never `//host`, `/\host` or a path with a scheme-like first part. */
function internalPath(value: string): string | undefined {
  const path = value.startsWith('#') ? value.slice(1) : value;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if (!/^\/[A-Za-z0-9\-._~/?&=%+,:@!$'()*;]*$/.test(path)) return undefined;
  return path;
}

/**
 * What following `raw` may do. `allowedOrigins` is the brand's allow-list (helpAllowedOrigins); an address on the
 * app's own origin is treated as internal when its hash is a route (`https://brand/#/deposit`).
 */
export function linkResolve(raw: string | null | undefined, allowedOrigins: readonly string[], appOrigin?: string): LinkTarget {
  // The message sanitizer's rule first: control characters and entities undone, javascript:/data:/`//host` refused.
  const value = safeUrl(raw ?? '');
  if (value === undefined) return { kind: 'refused' };
  const path = internalPath(value);
  if (path !== undefined) return { kind: 'internal', path };
  if (!/^https?:\/\//i.test(value)) return { kind: 'refused' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'refused' };
  }
  if (url.username || url.password) return { kind: 'refused' };
  if (appOrigin && url.origin === appOrigin) {
    const hashPath = url.hash.startsWith('#/') ? internalPath(url.hash) : undefined;
    return { kind: 'internal', path: hashPath ?? '/' };
  }
  const trusted = url.protocol === 'https:' && allowedOrigins.includes(url.origin);
  return trusted ? { kind: 'external', url: url.href, trusted: true } : { kind: 'external', url: url.href, trusted: false };
}

/** The address /iframe may frame: an https (or the app's own) origin on the allow-list; undefined refuses it. */
export function iframeSource(raw: string | null | undefined, allowedOrigins: readonly string[], appOrigin?: string): string | undefined {
  const value = (raw ?? '').trim();
  if (value === '' || value.length > 2048) return undefined;
  let url: URL;
  try {
    url = value.startsWith('/') && !value.startsWith('//') && appOrigin ? new URL(value, appOrigin) : new URL(value);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  const own = appOrigin !== undefined && url.origin === appOrigin;
  if (!own && url.protocol !== 'https:') return undefined;
  return own || allowedOrigins.includes(url.origin) ? url.href : undefined;
}
