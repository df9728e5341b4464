import { registrableDomain } from '@piranha/domain';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a host the dynamic config names (api_host, maidian_host, the domain_change target) may receive this
 * page's requests or players (decision 033). Only an origin — scheme, host, port, nothing else — and only:
 * - over HTTPS, a host under the page's own main domain or the brand's official domain;
 * - over HTTP, a loopback host, and only when the page itself is on one (a local run).
 * Anything else — another site, a path, credentials, `javascript:` — is refused, so a tampered config or a value
 * planted in storage can never send the session or the events to an arbitrary origin.
 */
export function hostAllowed(candidate: unknown, page: { hostname: string }, officialDomain: string): candidate is string {
  if (typeof candidate !== 'string' || candidate === '') return false;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.origin !== candidate) return false;
  const pageLoopback = LOOPBACK.has(page.hostname);
  if (url.protocol === 'http:') return pageLoopback && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:') return false;
  const domain = registrableDomain(url.hostname);
  return domain === registrableDomain(page.hostname) || domain === officialDomain;
}
