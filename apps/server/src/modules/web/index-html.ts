import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localeLangTag, PWA_BACKGROUND, PWA_ICON_FILES, pwaIconPath, pwaOfflineTextsOf, type VariantProfile } from '@piranha/domain';

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

const LANG_ATTRIBUTE: Record<string, string> = { 'vm-VI': 'vi', 'vm-TH': 'th' };

/**
 * The page a crawler reads for a brand: its title, description, keywords, favicon, theme colour and
 * language are in the HTML itself, no JavaScript needed. `catalogueFile` (the brand's language catalogue chunk) is
 * preloaded: the app cannot draw before it, and otherwise it is only asked for once the app's scripts have run.
 */
export function indexHtmlRender(template: string, variant: VariantProfile, catalogueFile?: string): string {
  const head = [
    ...(catalogueFile ? [`<link rel="modulepreload" crossorigin href="${escapeHtml(catalogueFile)}" />`] : []),
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
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(lang)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(variant.seo.title)}</title>`)
    .replace('</head>', `    ${head}\n  </head>`);
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
