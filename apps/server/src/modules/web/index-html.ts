import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Banner, ContentItem } from '@piranha/contract';
import {
  localeLangTag,
  popupStackSort,
  PWA_BACKGROUND,
  PWA_ICON_FILES,
  pwaIconPath,
  pwaOfflineTextsOf,
  type Locale,
  type VariantProfile,
} from '@piranha/domain';

/** Used when the web app is not built (API-only tests): the same head the real build has. */
const FALLBACK_TEMPLATE = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Piranha</title></head><body><div id="root"></div></body></html>';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

export function indexTemplateLoad(webDist: string | undefined): string {
  if (!webDist) return FALLBACK_TEMPLATE;
  try {
    return readFileSync(join(webDist, 'index.html'), 'utf8');
  } catch {
    return FALLBACK_TEMPLATE;
  }
}

/**
 * The built chunk of each language catalogue's boot part (`src/i18n/locales/<locale>.json?part=boot` in Vite's
 * manifest, web decision 059), by locale: the page names its brand's catalogue for the browser to fetch beside the
 * app's own scripts. Empty when the build has no manifest (API-only tests), and the page then simply names none.
 */
export function catalogueFilesLoad(webDist: string | undefined): Record<string, string> {
  if (!webDist) return {};
  let manifest: Record<string, { file?: string; src?: string }>;
  try {
    manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return {};
  }
  const files: Record<string, string> = {};
  for (const chunk of Object.values(manifest)) {
    const locale = /^src\/i18n\/locales\/([A-Za-z-]+)\.json\?part=boot$/.exec(chunk.src ?? '')?.[1];
    if (locale && chunk.file) files[locale] = `/${chunk.file}`;
  }
  return files;
}

/**
 * The web catalogues' texts a static screen draws (the operator pop-up's buttons, the match page's title), by locale:
 * the build writes them (web locale-split-plugin.ts `FIRST_SCREEN_TEXTS_FILE`), so the catalogues stay their one
 * source. Empty without a build, and a locale missing one of them has none: its pages then draw no match screen and no
 * static pop-up.
 */
export interface FirstScreenTexts {
  dismiss: string;
  open: string;
  matchTitle: string;
}

export function firstScreenTextsLoad(webDist: string | undefined): Partial<Record<string, FirstScreenTexts>> {
  if (!webDist) return {};
  let file: Record<string, Record<string, unknown>>;
  try {
    file = JSON.parse(readFileSync(join(webDist, 'first-screen-texts.json'), 'utf8')) as typeof file;
  } catch {
    return {};
  }
  const texts: Partial<Record<string, FirstScreenTexts>> = {};
  for (const [locale, keys] of Object.entries(file)) {
    const [dismiss, open, matchTitle] = [keys['popup.dismiss'], keys['popup.open'], keys['sports.detail.title']];
    if (typeof dismiss === 'string' && typeof open === 'string' && typeof matchTitle === 'string') texts[locale] = { dismiss, open, matchTitle };
  }
  return texts;
}

/** The lobbies whose banners the static first screen draws: the banner endpoint's `source` of each. */
export const FIRST_SCREEN_SOURCES = ['game', 'sport'] as const;
export type FirstScreenSource = (typeof FIRST_SCREEN_SOURCES)[number];

/**
 * What the static first screen shows (decision 078), all of it real: the language its texts are in and each lobby's
 * banners as the banner endpoint answers them for that language now. The page carries it as JSON too, and the app's
 * banner query starts from it instead of asking again (features/promo/api/banners.ts `firstScreenBannersSeed`).
 * With it, on every route (also those without a static screen, as /match-detail), the operator's pop-ups as the
 * `popup` endpoint answers a visitor in that language (decision 080): a new visitor's pop-up query starts from them
 * (features/system/api/popups.ts `firstScreenPopupsSeed`), so the welcome pop-up is in the app's first render.
 */
export interface FirstScreenData {
  lang: Locale;
  banners: Record<FirstScreenSource, Banner[]>;
  popups: ContentItem[];
}

/**
 * The page's one inline script (decision 078): picks the static screen for `location.hash` — /game (and no route,
 * which opens it) the game lobby, /sport the sports lobby, /match-detail the match page's title and skeleton (decision
 * 097) — and copies its template, with the header's, into #root; any other route gets nothing (a frame page has no
 * header). A player whose stored language is not the page's sees no text of the page's language (the banner titles,
 * the match page's title) and no static pop-up: the app draws them in theirs. React's first commit on #root replaces
 * all of it.
 *
 * Over the screen it draws the pop-up a new visitor's app draws first (decision 097): the operator's pop-ups come as
 * templates in the order the app's stack shows them (`popupStackSort`; a visitor's stack holds only these), and the
 * first one this device has not closed in the last 24 h (`pir.popup_cache`, as the app reads it) is drawn — none when a
 * session is stored (a player's stack is theirs). On /match-detail that pop-up's text is the page's largest element:
 * drawn here, the largest paint comes with the first one instead of the app's first commit (a static screen without
 * it measured worse there, decision 078: Total Blocking Time counts from the first paint). Its buttons close it as the
 * app's do, recording the close where the app reads it.
 *
 * It also starts the app: its entry script and the scripts named for preloading (#root's `data-fs-module` and
 * `data-fs-preload`, taken out of the head by `indexHtmlRender`) are asked for once the static screen has been
 * painted with its banner (the frame after the banner image has loaded or failed; one second at most, and where
 * frames are not drawn, as in a hidden tab), so the banner — the page's largest element — does not share the phone's
 * link with ~120 KB of script. A static screen with no banner (the match page's) starts them in the task after its
 * first frame: started at once, the scripts could run before that paint, and the first paint then counts as waiting
 * for them (Lighthouse put /#/match-detail's FCP at 1.3 s in about half its runs, 0.8 s in the others; decision 100).
 * "Painted" is the browser's word for it where it gives one (the `first-contentful-paint` entry, reported once the
 * frame is on screen): a frame's callback runs before the frame is rastered and shown, and with a software compositor
 * the scripts were asked for 60–70 ms before the first paint showed (decision 101); without paint timing, the frame.
 * A route with no static screen starts them at once: there is nothing to paint first. Allowed by its hash in the CSP
 * (`FIRST_SCREEN_SCRIPT_HASH`), never by 'unsafe-inline'.
 */
export const FIRST_SCREEN_SCRIPT =
  "(function(){var d=document,r=d.getElementById('root'),o=0,p=location.hash.replace(/^#/,'').split('?')[0].replace(/(.)\\/+$/,'$1')," +
  "s=p===''||p==='/'||p==='/game'?'lobby':p==='/sport'?'sport':p==='/match-detail'?'match':'',t=s&&d.getElementById('fs-'+s),h=d.getElementById('fs-header');" +
  "function b(){if(o||!r)return;o=1;var m=r.getAttribute('data-fs-module'),u=(r.getAttribute('data-fs-preload')||'').split(' '),i,e;if(!m)return;" +
  "for(i=0;i<u.length;i++)if(u[i]){e=d.createElement('link');e.rel='modulepreload';e.crossOrigin='anonymous';e.href=u[i];d.head.appendChild(e)}" +
  "e=d.createElement('script');e.type='module';e.crossOrigin='anonymous';e.src=m;d.head.appendChild(e)}" +
  "if(!r||!t||!h)return b();var w=d.createElement('div');w.className='fs';w.setAttribute('data-fs',s);w.setAttribute('aria-busy','true');" +
  "w.appendChild(h.content.cloneNode(true));w.appendChild(t.content.cloneNode(true));var l,c,q,k,v,j,n=Date.now();try{l=JSON.parse(localStorage.getItem('pir.language'))}catch(e){}" +
  "if(l&&l!==r.getAttribute('data-fs-lang')){var x=w.querySelectorAll('[data-fs-text]');for(var i=0;i<x.length;i++)x[i].remove()}" +
  "else if(!localStorage.getItem('pir.session')){try{c=JSON.parse(localStorage.getItem('pir.popup_cache'))}catch(e){}c=c||{};q=d.querySelectorAll('template[data-fs-pop]');" +
  "for(j=0;j<q.length;j++){k=q[j].getAttribute('data-fs-pop');v=c[k];if(v&&n-v.time<864e5&&n>=v.time)continue;" +
  "var f=q[j].content.firstElementChild.cloneNode(true);f.addEventListener('click',function(e){if(e.target!==f&&!e.target.closest('[data-fs-close]'))return;" +
  "c[k]={status:false,time:Date.now()};try{localStorage.setItem('pir.popup_cache',JSON.stringify(c))}catch(e){}f.remove()});w.appendChild(f);break}}r.appendChild(w);" +
  "var g=w.querySelector('img[fetchpriority=high]');function a(){var f=function(){requestAnimationFrame(function(){setTimeout(b,0)})}," +
  "P=typeof PerformanceObserver=='function'&&PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return f();" +
  "try{new P(function(l,z){var x=l.getEntries();for(var i=0;i<x.length;i++)if(x[i].name==='first-contentful-paint'){z.disconnect();return f()}})" +
  ".observe({type:'paint',buffered:true})}catch(e){f()}}" +
  "if(!g||g.complete)a();else{g.addEventListener('load',a);g.addEventListener('error',a)}setTimeout(b,1000)})()";

/** The CSP source that allows `FIRST_SCREEN_SCRIPT` and nothing else inline. */
export const FIRST_SCREEN_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_SCREEN_SCRIPT).digest('base64')}'`;

/**
 * The static screens' look: the React header's (header.module.css) and the pages' first-commit shapes (the lobby's
 * toolbar slot, banner and LobbySkeleton; /sport's banner and SportsSkeleton) in the app's own tokens (global.css is loaded before the first paint), so the takeover moves nothing.
 */
const FIRST_SCREEN_STYLE = [
  '.fs{min-height:100dvh;display:flex;flex-direction:column;max-width:720px;margin:0 auto}',
  '.fs-h{position:sticky;top:0;z-index:20;height:var(--header-h);display:flex;align-items:center;gap:var(--space-2);padding:0 var(--space-3) 0 var(--space-4);padding-top:var(--safe-top);background:color-mix(in srgb,var(--bg) 88%,transparent);border-bottom:1px solid var(--line)}',
  '.fs-menu{display:grid;place-items:center;width:var(--touch);height:var(--touch);margin-left:calc(-1*var(--space-3));flex:none}',
  '.fs-logo{display:flex;align-items:center;gap:var(--space-2);min-height:var(--touch);min-width:0;flex:1 1 0;container-type:inline-size;font-weight:750;font-size:17px;letter-spacing:-0.01em}',
  '.fs-logo img{width:30px;height:30px;border-radius:8px;flex:none}',
  '.fs-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:clamp(12px,calc((100cqi - 40px)/(var(--name-chars,8)*0.62)),17px)}',
  '.fs-m{flex:1;padding:var(--space-3) var(--space-4) var(--space-5);display:flex;flex-direction:column;gap:var(--space-4)}',
  '.fs-tool{height:36px;margin-bottom:calc(-1*var(--space-2))}',
  '.fs-ban{position:relative;overflow:hidden;border-radius:var(--radius);aspect-ratio:780/300;background:var(--surface)}',
  '.fs-ban img{width:100%;height:100%;object-fit:cover;display:block}',
  '.fs-ban p{position:absolute;left:var(--space-4);top:50%;transform:translateY(-50%);max-width:55%;margin:0;color:#fff;font-size:20px;line-height:1.2;font-weight:750;text-shadow:0 2px 10px rgb(0 0 0/.45);overflow-wrap:anywhere}',
  '.fs-dots{position:absolute;bottom:var(--space-2);left:0;right:0;display:flex;justify-content:center;gap:2px}',
  '.fs-dots i{width:24px;height:24px;display:grid;place-items:center}',
  ".fs-dots i::before{content:'';width:7px;height:7px;border-radius:50%;background:rgb(255 255 255/.45)}",
  '.fs-dots i:first-child::before{width:18px;border-radius:4px;background:#fff}',
  '.fs-col{display:flex;flex-direction:column;gap:var(--space-4)}',
  '.fs-col.fs-tight{gap:var(--space-3)}',
  '.fs-sk{display:block;border-radius:var(--radius-sm);background:var(--surface)}',
  '.fs-grid{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:10px}',
  '.fs-grid .fs-sk{aspect-ratio:3/4;border-radius:var(--radius)}',
  // The match page (match-detail-page.tsx): a block like the app's main, PageTitle's bar, MatchDetailSkeleton's column.
  '.fs-m.fs-blk{display:block;flex:1}',
  '.fs-pt{display:flex;align-items:center;gap:var(--space-2);margin:var(--space-1) 0 var(--space-4)}',
  '.fs-pt h1{margin:0;font-size:22px;font-weight:750;letter-spacing:-0.01em}',
  // The pop-up (modal.tsx, overlay.module.css; its buttons button.module.css).
  '.fs-bd{position:fixed;inset:0;z-index:50;background:rgb(0 0 0/.6);display:flex;align-items:center;justify-content:center;padding:var(--space-4)}',
  '.fs-dlg{width:min(100%,380px);max-height:calc(100dvh - 2*var(--space-4));overflow-y:auto;background:var(--surface);border:1px solid var(--line);border-radius:var(--radius);padding:var(--space-5);box-shadow:0 20px 50px rgb(0 0 0/.5)}',
  '.fs-dlg h2{margin:0 0 var(--space-3);font-size:18px}',
  '.fs-acts{display:flex;gap:var(--space-2);justify-content:flex-end}',
  '.fs-btn{display:inline-flex;align-items:center;justify-content:center;gap:var(--space-2);min-height:var(--touch);min-width:var(--touch);padding:0 var(--space-4);border:1px solid transparent;border-radius:var(--radius-sm);font:inherit;font-weight:600;font-size:15px;text-decoration:none;cursor:pointer;white-space:nowrap}',
  '.fs-gh{background:transparent;border-color:var(--line);color:var(--text)}',
  '.fs-pr{background:var(--brand);color:var(--on-brand)}',
].join('');

/** The brand's header as the React header draws it for a new player (header.tsx): the menu icon, the logo and name. */
function firstScreenHeader(variant: VariantProfile): string {
  const menuIcon =
    '<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><line x1="4" x2="20" y1="12" y2="12"/><line x1="4" x2="20" y1="6" y2="6"/><line x1="4" x2="20" y1="18" y2="18"/></svg>';
  return (
    `<header class="fs-h"><span class="fs-menu">${menuIcon}</span>` +
    `<span class="fs-logo"><img src="${escapeHtml(variant.favicon)}" alt="" width="30" height="30" />` +
    `<span class="fs-name" style="--name-chars:${variant.name.length}">${escapeHtml(variant.name)}</span></span></header>`
  );
}

/** The carousel's first slide (banner-carousel.tsx): the first banner's image, fetched first, with its title over it. */
function firstScreenBanner(banners: readonly Banner[]): string {
  const first = banners[0];
  if (!first) return '';
  const dots = banners.length > 1 ? `<span class="fs-dots" aria-hidden="true">${'<i></i>'.repeat(banners.length)}</span>` : '';
  const title = first.title ? `<p data-fs-text>${escapeHtml(first.title)}</p>` : '';
  return `<div class="fs-ban"><img src="${escapeHtml(first.info)}" alt="" width="780" height="300" fetchpriority="high" />${title}${dots}</div>`;
}

const skeleton = (height: number, radius: number, width?: string) =>
  `<span class="fs-sk" style="height:${height}px;border-radius:${radius}px${width ? `;width:${width}` : ''}"></span>`;

/** Lucide's ChevronLeft as PageTitle draws it (24 px) for the match page's back link. */
const BACK_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="m15 18-6-6 6-6"/></svg>';

/** A link the pop-up may follow before the app has loaded: an in-app route, or a secure page opened beside the app. */
function popupLinkAttributes(url: string): string {
  if (/^https:\/\//.test(url)) return ` href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer"`;
  return /^#\//.test(url) ? ` href="${escapeHtml(url)}"` : '';
}

/**
 * The operator pop-ups as the app's stack would show them to a new visitor (popup-stack.tsx: its Modal with "not now"
 * and "open" buttons), each a template named by its key, in the stack's order; the inline script draws the first one
 * this device has not closed lately (decision 097).
 */
function firstScreenPopups(popups: readonly ContentItem[], texts: FirstScreenTexts): string {
  return popupStackSort(popups.map((item) => ({ ...item, status: true })))
    .map(
      (item) =>
        `<template data-fs-pop="${escapeHtml(item.key)}"><div class="fs-bd"><div class="fs-dlg" role="dialog" aria-modal="true" aria-label="${escapeHtml(item.title)}">` +
        `<h2>${escapeHtml(item.title)}</h2><div class="fs-acts"><button type="button" class="fs-btn fs-gh" data-fs-close>${escapeHtml(texts.dismiss)}</button>` +
        `<a class="fs-btn fs-pr" data-fs-close${popupLinkAttributes(item.url)}>${escapeHtml(texts.open)}</a></div></div></div></template>`,
    )
    .join('');
}

/**
 * The static first screens (decision 078) as templates inside #root, the data they were drawn from, and the script
 * that shows the one the address asks for. Inert until the script copies one: only the chosen screen's banner image
 * is fetched. With the web build's texts in the page's language (`texts`), also the match page's screen and the
 * operator pop-ups (decision 097).
 */
export function firstScreenRender(variant: VariantProfile, data: FirstScreenData, texts?: FirstScreenTexts): string {
  // /game: the toolbar's slot, the banners (none: the lobby draws the featured games in their place) and LobbySkeleton.
  const lobby =
    `<main class="fs-m"><span class="fs-tool"></span>${firstScreenBanner(data.banners.game)}` +
    `<span class="fs-col">${skeleton(44, 999)}${skeleton(40, 999)}${skeleton(28, 8, '40%')}<span class="fs-grid">${'<span class="fs-sk"></span>'.repeat(9)}</span></span></main>`;
  // /sport: the banners, then SportsSkeleton (a screen tall); the PHP build's coming-soon notice is the app's to draw.
  const sportList =
    variant.currency === 'PHP'
      ? ''
      : `<span class="fs-col fs-tight" style="min-height:100dvh">${skeleton(56, 8)}${skeleton(36, 18)}${skeleton(112, 12).repeat(3)}</span>`;
  const sport = `<main class="fs-m">${firstScreenBanner(data.banners.sport)}${sportList}</main>`;
  // /match-detail: PageTitle with its back link, then MatchDetailSkeleton (match-detail-page.tsx).
  const match = texts
    ? `<main class="fs-m fs-blk"><div class="fs-pt"><span class="fs-menu">${BACK_ICON}</span><h1 data-fs-text>${escapeHtml(texts.matchTitle)}</h1></div>` +
      `<span class="fs-col fs-tight">${skeleton(132, 12)}${skeleton(96, 12)}${skeleton(96, 12)}</span></main>`
    : '';
  // JSON in a script element: `<` written as \u003c, so no text in it can close the element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return [
    `<template id="fs-header">${firstScreenHeader(variant)}</template>`,
    `<template id="fs-lobby">${lobby}</template>`,
    `<template id="fs-sport">${sport}</template>`,
    ...(texts ? [`<template id="fs-match">${match}</template>`, firstScreenPopups(data.popups, texts)] : []),
    `<script type="application/json" id="fs-data">${json}</script>`,
    `<script>${FIRST_SCREEN_SCRIPT}</script>`,
  ].join('');
}

const LANG_ATTRIBUTE: Record<string, string> = { 'vm-VI': 'vi', 'vm-TH': 'th' };

/**
 * The page a crawler reads for a brand: its title, description, keywords, favicon, theme colour and
 * language are in the HTML itself, no JavaScript needed. `catalogueFile` (the brand's language catalogue chunk) is
 * preloaded: the app cannot draw before it, and otherwise it is only asked for once the app's scripts have run.
 */
export function indexHtmlRender(
  template: string,
  variant: VariantProfile,
  catalogueFile?: string,
  firstScreen?: FirstScreenData,
  texts?: FirstScreenTexts,
): string {
  const colours = variant.colours;
  const head = [
    // The brand's colours before the first paint (the app sets the same on boot: variant-detect.ts `variantSet`).
    `<style>:root{--brand:${cssValue(colours.brand)};--accent:${cssValue(colours.accent)};--on-brand:${cssValue(colours.onBrand)};--on-accent:${cssValue(colours.onAccent)};--brand-text:${cssValue(colours.brandText)};--accent-text:${cssValue(colours.accentText)}}${firstScreen ? FIRST_SCREEN_STYLE : ''}</style>`,
    ...(catalogueFile && !firstScreen ? [`<link rel="modulepreload" crossorigin href="${escapeHtml(catalogueFile)}" />`] : []),
    `<meta name="description" content="${escapeHtml(variant.seo.description)}" />`,
    `<meta name="keywords" content="${escapeHtml(variant.seo.keywords)}" />`,
    `<meta name="application-name" content="${escapeHtml(variant.appName)}" />`,
    `<meta name="theme-color" content="${escapeHtml(variant.colours.brand)}" />`,
    `<meta property="og:title" content="${escapeHtml(variant.seo.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(variant.seo.description)}" />`,
    `<link rel="icon" type="image/svg+xml" href="${escapeHtml(variant.favicon)}" />`,
    // The installable web app (decision 053): the brand's manifest, and the iOS web clip (Safari reads these tags). It
    // names the brand's language as the app will (i18n.ts `manifestLanguageSet`): a link the app changes is fetched
    // again, one request more on every first screen (decision 077).
    `<link rel="manifest" href="/api/v1/conf/pwa/get?app_group=${encodeURIComponent(variant.appGroup)}&amp;lca_lang=${encodeURIComponent(variant.defaultLang)}" />`,
    `<link rel="apple-touch-icon" sizes="180x180" href="${escapeHtml(pwaIconPath(variant.appKey, PWA_ICON_FILES.apple180.file))}" />`,
    `<meta name="mobile-web-app-capable" content="yes" />`,
    `<meta name="apple-mobile-web-app-capable" content="yes" />`,
    `<meta name="apple-mobile-web-app-status-bar-style" content="black-translucent" />`,
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(variant.appName)}" />`,
  ].join('\n    ');
  const lang = LANG_ATTRIBUTE[variant.defaultLang] ?? variant.defaultLang;
  // With a static first screen, the app's scripts are asked for by the inline script once it is painted (above).
  let page = template;
  const boot = { module: '', preload: catalogueFile && firstScreen ? [catalogueFile] : [] };
  if (firstScreen) {
    page = page
      .replace(/[ \t]*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\n?/, (_, src: string) => ((boot.module = src), ''))
      .replace(/[ \t]*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\n?/g, (_, href: string) => (boot.preload.push(href), ''));
  }
  const rootAttributes = firstScreen
    ? ` data-fs-lang="${escapeHtml(firstScreen.lang)}"${boot.module ? ` data-fs-module="${escapeHtml(boot.module)}"` : ''}${boot.preload.length > 0 ? ` data-fs-preload="${escapeHtml(boot.preload.join(' '))}"` : ''}`
    : '';
  return (
    page
      // The head sets the brand's colours; the attribute tells the app so (web variant-detect.ts `variantSet`).
      .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(lang)}" data-brand-colours="${escapeHtml(variant.appKey)}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(variant.seo.title)}</title>`)
      .replace('</head>', `    ${head}\n  </head>`)
      .replace(
        /<div id="root"><\/div>/,
        firstScreen ? `<div id="root"${rootAttributes}>${firstScreenRender(variant, firstScreen, texts)}</div>` : '<div id="root"></div>',
      )
  );
}

/** A colour from the brand's profile, kept to the characters a CSS colour has: nothing can leave the declaration. */
function cssValue(value: string): string {
  return /^[#(),.%\w\s-]+$/.test(value) ? value : 'initial';
}

/** A brand's favicon: its colour and initial, drawn as SVG so every brand has one without image files. */
export function brandIconSvg(variant: VariantProfile): string {
  const initial = escapeHtml(variant.name.trim().charAt(0).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${escapeHtml(variant.colours.brand)}"/><circle cx="50" cy="14" r="6" fill="${escapeHtml(variant.colours.accent)}"/><text x="32" y="44" font-family="system-ui,sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="${escapeHtml(variant.colours.onBrand)}">${initial}</text></svg>`;
}

/**
 * The page the service worker shows when a page cannot be loaded (decision 053): the brand's colours and language,
 * no script (the CSP allows none inline), a link that tries the app again.
 */
export function offlineHtmlRender(variant: VariantProfile): string {
  const texts = pwaOfflineTextsOf(variant.defaultLang);
  const lang = localeLangTag(variant.defaultLang);
  const colours = variant.colours;
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="theme-color" content="${escapeHtml(colours.brand)}" /><title>${escapeHtml(texts.title)} · ${escapeHtml(variant.appName)}</title><style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:${PWA_BACKGROUND};color:#e5e7eb;font:16px/1.5 system-ui,sans-serif;text-align:center}main{max-width:22rem;padding:2rem}h1{font-size:1.4rem;margin:1rem 0 .5rem}.logo{width:4rem;height:4rem;margin:0 auto;border-radius:1rem;display:flex;align-items:center;justify-content:center;font-size:2rem;font-weight:700;background:${escapeHtml(colours.brand)};color:${escapeHtml(colours.onBrand)}}a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.5rem;border-radius:.75rem;background:${escapeHtml(colours.brand)};color:${escapeHtml(colours.onBrand)};font-weight:700;text-decoration:none}</style></head><body><main><div class="logo" aria-hidden="true">${escapeHtml(variant.name.trim().charAt(0).toUpperCase())}</div><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.body)}</p><a href="/">${escapeHtml(texts.retry)}</a></main></body></html>`;
}

/** A stable UUID (RFC 4122 layout, SHA-1 based) for a name, so a brand's profile keeps its identity across builds. */
function nameUuid(name: string): string {
  const hex = createHash('sha1').update(`piranha-webclip:${name}`).digest('hex');
  const variantNibble = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variantNibble}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

/**
 * The brand's iOS configuration profile with one web clip (Apple's `com.apple.webClip.managed` payload): installing
 * it puts the app's icon on the Home Screen, opening full screen at the brand's address. Unsigned (iOS shows it as
 * unverified; signing needs the operator's certificate, decision 053).
 */
export function webClipProfileRender(variant: VariantProfile, origin: string, icon: Buffer | undefined): string {
  const xml = (text: string) => escapeHtml(text);
  const iconEntry = icon ? `<key>Icon</key><data>${icon.toString('base64')}</data>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
<key>PayloadContent</key><array><dict>
<key>FullScreen</key><true/>
${iconEntry}
<key>IsRemovable</key><true/>
<key>Label</key><string>${xml(variant.appName)}</string>
<key>PayloadDisplayName</key><string>${xml(variant.appName)}</string>
<key>PayloadIdentifier</key><string>${xml(`${variant.packageName}.webclip`)}</string>
<key>PayloadType</key><string>com.apple.webClip.managed</string>
<key>PayloadUUID</key><string>${nameUuid(`${variant.appKey}:clip`)}</string>
<key>PayloadVersion</key><integer>1</integer>
<key>Precomposed</key><true/>
<key>URL</key><string>${xml(`${origin}/?source=webclip`)}</string>
</dict></array>
<key>PayloadDisplayName</key><string>${xml(variant.appName)}</string>
<key>PayloadIdentifier</key><string>${xml(`${variant.packageName}.profile`)}</string>
<key>PayloadRemovalDisallowed</key><false/>
<key>PayloadType</key><string>Configuration</string>
<key>PayloadUUID</key><string>${nameUuid(`${variant.appKey}:profile`)}</string>
<key>PayloadVersion</key><integer>1</integer>
</dict></plist>
`;
}
