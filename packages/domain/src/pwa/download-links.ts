import type { VariantProfile } from '../variants/profile.ts';

/**
 * The download pages (spec §2 /download, /download/ios, /download-land; issue 22, decision 053): which app links a
 * brand offers, and what of the page's query travels on to them.
 */

export interface DownloadLinks {
  /** The brand's Android app on Google Play (isGP=1 builds), with the install referrer. */
  googlePlay: string;
  /** The brand's own Android package on its official domain (sideloaded builds), with the same referrer. */
  apk: string;
}

/** Query fields of /download (spec §2) that are passed on to the app link. */
export const DOWNLOAD_QUERY_FIELDS = ['from', 'cv_prefix', 'smid', 'lang', 'isGP', 'isV3'] as const;
/**
 * Fields of a signed-in player passed on too. The session id (`sid`) is NOT among them: a link that leaves our origin
 * ends up in the store's, the browser's and the device's logs, and a session id there is a stolen session. The app
 * signs in itself (decision 053).
 */
export const DOWNLOAD_USER_FIELDS = ['uid', 'nick', 'first_regist'] as const;

const SAFE_VALUE = /^[\p{L}\p{N} ._:@-]{1,64}$/u;

/** The referrer string the app reads at first launch: only the listed fields, only short plain values. */
export function downloadReferrerOf(values: Readonly<Record<string, string | undefined | null>>, signedIn: boolean): string {
  const referrer = new URLSearchParams();
  const fields: readonly string[] = signedIn ? [...DOWNLOAD_QUERY_FIELDS, ...DOWNLOAD_USER_FIELDS] : DOWNLOAD_QUERY_FIELDS;
  for (const field of fields) {
    const value = values[field];
    if (typeof value === 'string' && SAFE_VALUE.test(value)) referrer.set(field, value);
  }
  return referrer.toString();
}

export function downloadLinksOf(profile: Pick<VariantProfile, 'packageName' | 'officialDomain'>, referrer: string): DownloadLinks {
  const play = new URL('https://play.google.com/store/apps/details');
  play.searchParams.set('id', profile.packageName);
  if (referrer) play.searchParams.set('referrer', referrer);
  const apk = new URL(`https://${profile.officialDomain}/app/${profile.packageName}.apk`);
  if (referrer) apk.search = referrer;
  return { googlePlay: play.href, apk: apk.href };
}

/** Which link the page offers first: Google Play when the build says isGP=1 (or it is not said), else the package. */
export function downloadPrimaryOf(isGP: string | null | undefined): 'googlePlay' | 'apk' {
  return isGP === '0' ? 'apk' : 'googlePlay';
}
