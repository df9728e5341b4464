import type { VariantProfile } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import { jurisdictionOfKey } from '../safer-play/safer-play.service.ts';
import type { GeoIpProvider } from '../../providers/geo/geo-ip.ts';

/**
 * The area check (spec §4): the client IP's country, or the brand's own country when the IP is unknown
 * (private ranges, loopback). A blocked country answers HTTP 403 with dm_error 403, and so does every visitor of a
 * closed market's brand (India, Vietnam; decision 049), with `field` 'market' so the web can still let a signed-in
 * player withdraw.
 */
export function areaCheck(geo: GeoIpProvider, blockedCountries: readonly string[], ip: string, variant: VariantProfile): { country_code: string } {
  const jurisdiction = jurisdictionOfKey(variant.appKey);
  if (jurisdiction.closed) throw new AppError('FORBIDDEN', { field: 'market', issue: jurisdiction.key }, 403);
  const country = geo.countryOf(ip) ?? variant.country;
  if (blockedCountries.includes(country)) throw new AppError('FORBIDDEN', { field: 'ip' }, 403);
  return { country_code: country };
}
