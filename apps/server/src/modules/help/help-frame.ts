import { helpAllowedOrigins, HELP_TRUSTED_ORIGINS, variantFindByDomain } from '@piranha/domain';

/**
 * The brand's own origins a page of its site may frame (CSP frame-src, decision 038): its site and help site, found
 * from the Host; "'self'" alone for a host that is no brand. Space-separated, as a CSP source list.
 */
export function helpFrameOriginsOf(host: string | undefined): string {
  const profile = host ? variantFindByDomain(host.replace(/:\d+$/, '').toLowerCase()) : undefined;
  if (!profile) return "'self'";
  return helpAllowedOrigins(profile)
    .filter((origin) => !HELP_TRUSTED_ORIGINS.includes(origin))
    .join(' ');
}
