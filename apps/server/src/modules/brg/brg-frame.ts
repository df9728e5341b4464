import { variantFindByDomain } from '@piranha/domain';

/** The partner-bridge brand a Host names, with the partner origins configured for it (none: not framable by a partner). */
export function brgOriginsOfHost(origins: Readonly<Record<string, readonly string[]>>, host: string | undefined): readonly string[] {
  const profile = host ? variantFindByDomain(host.replace(/:\d+$/, '').toLowerCase()) : undefined;
  if (!profile?.flags.partnerBridge) return [];
  return origins[profile.appKey] ?? [];
}

/**
 * CSP frame-ancestors beyond 'self' (decision 064): a partner-bridge brand's pages may be framed by its partner's
 * listed origins, and by nobody else; every other brand stays 'self' only. Space-separated, as a CSP source list.
 */
export function brgFrameAncestorsOf(origins: Readonly<Record<string, readonly string[]>>, host: string | undefined): string {
  const listed = brgOriginsOfHost(origins, host);
  return listed.length > 0 ? listed.join(' ') : "'self'";
}
