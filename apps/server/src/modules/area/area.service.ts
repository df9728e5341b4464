import type { VariantProfile } from '@piranha/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../app-error.ts';
import type { NativeShellKey } from '../../config.ts';
import { jurisdictionOfKey } from '../safer-play/safer-play.service.ts';
import type { GeoIpProvider } from '../../providers/geo/geo-ip.ts';

/** How far the shell's signing time may be from ours: a proof seen once cannot be replayed for long. */
export const SHELL_PROOF_WINDOW_S = 300;

/** The header the native shell's proof travels in (decision 062): `<unix seconds>.<hex HMAC-SHA256>`. */
export const SHELL_PROOF_HEADER = 'x-piranha-shell';

/** What the shell signs: the purpose, the brand and the time, so a proof for one brand or use is worthless elsewhere. */
export function shellProofMessage(appKey: string, timeS: number): string {
  return `area:${appKey}:${timeS}`;
}

/** Signs like the native shell does (the tests and the shell stand-in use it). */
export function shellProofSign(key: string, appKey: string, timeS: number): string {
  return `${timeS}.${createHmac('sha256', key).update(shellProofMessage(appKey, timeS)).digest('hex')}`;
}

/**
 * Whether the request comes from this brand's native shell: its proof is fresh and signed with one of the brand's
 * keys. A user agent or `window.ReactNativeWebView` proves nothing (any page can claim them); the key lives in the
 * store app only.
 */
export function shellProofValid(keys: readonly NativeShellKey[], appKey: string, proof: string | undefined, now: Date): boolean {
  const match = /^(\d{9,11})\.([0-9a-f]{64})$/.exec(proof ?? '');
  if (!match) return false;
  const timeS = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - timeS) > SHELL_PROOF_WINDOW_S) return false;
  const given = Buffer.from(match[2]!, 'hex');
  return keys
    .filter((entry) => entry.appKey === appKey)
    .some((entry) => timingSafeEqual(createHmac('sha256', entry.key).update(shellProofMessage(appKey, timeS)).digest(), given));
}

export interface AreaCaller {
  ip: string;
  variant: VariantProfile;
  /** The brand's native shell proved itself (shellProofValid). */
  nativeShell: boolean;
}

/**
 * The area check (spec §4): the client IP's country, or the brand's own country when the IP is unknown
 * (private ranges, loopback). A blocked country answers HTTP 403 with dm_error 403 — except to the brand's own
 * native shell, which spec §4 exempts (the store app answers to the store's own regional rules). Every visitor of a
 * closed market's brand (India, Vietnam; decision 049) is answered 403 too, shell or not (a ban is the law, not a
 * region rule), with `field` 'market' so the web can still let a signed-in player withdraw.
 */
export function areaCheck(geo: GeoIpProvider, blockedCountries: readonly string[], caller: AreaCaller): { country_code: string } {
  const jurisdiction = jurisdictionOfKey(caller.variant.appKey);
  if (jurisdiction.closed) throw new AppError('FORBIDDEN', { field: 'market', issue: jurisdiction.key }, 403);
  const country = geo.countryOf(caller.ip) ?? caller.variant.country;
  if (blockedCountries.includes(country) && !caller.nativeShell) throw new AppError('FORBIDDEN', { field: 'ip' }, 403);
  return { country_code: country };
}
