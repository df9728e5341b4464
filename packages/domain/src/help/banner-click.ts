import { linkResolve, type LinkTarget } from './help-links.ts';

/** The banner fields a click depends on (spec §3 Banner). */
export interface BannerClickInput {
  banner_type: 'normal' | 'deposit' | 'pwa' | 'ui_switch' | 'banned' | string;
  url: string;
  title: string;
}

/** Where banner clicks of the fixed kinds lead (spec §2 banner click). */
export const BANNER_CLICK_PATHS = {
  /** A banned site's banner opens the download page (the brand's app to install instead). */
  banned: '/download',
  /** The installed-web-app landing: how to add the app to the home screen. */
  pwa: '/download-land',
  /** The USDT banner: the deposit page with the crypto option chosen. */
  usdt: '/deposit?rechargeChannel=USDT',
} as const;

export type BannerClickAction = { kind: 'navigate'; path: string } | { kind: 'open'; url: string } | { kind: 'none' };

/** A banner "titled for the USDT option": its title names USDT as a word (USDT, usdt-TRC20), any case. */
export function bannerIsUsdt(title: string): boolean {
  return /(^|[^a-z0-9])usdt([^a-z0-9]|$)/i.test(title);
}

/**
 * What a banner click does (spec §2): type banned → the download page; pwa → the installed-web-app landing; a banner
 * titled for USDT → deposit; otherwise an internal link navigates and an external one opens outside (a new context).
 * An address that is neither (javascript:, data:, `//host`) does nothing.
 */
export function bannerClickAction(banner: BannerClickInput, appOrigin?: string): BannerClickAction {
  if (banner.banner_type === 'banned') return { kind: 'navigate', path: BANNER_CLICK_PATHS.banned };
  if (banner.banner_type === 'pwa') return { kind: 'navigate', path: BANNER_CLICK_PATHS.pwa };
  if (bannerIsUsdt(banner.title)) return { kind: 'navigate', path: BANNER_CLICK_PATHS.usdt };
  const target: LinkTarget = linkResolve(banner.url, [], appOrigin);
  if (target.kind === 'internal') return { kind: 'navigate', path: target.path };
  if (target.kind === 'external') return { kind: 'open', url: target.url };
  return { kind: 'none' };
}
