import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VariantProfile } from '@piranha/domain';

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
 * The built chunk of each language catalogue (`src/i18n/locales/<locale>.json` in Vite's manifest), by locale: the
 * page names its brand's catalogue for the browser to fetch beside the app's own scripts. Empty when the build has no
 * manifest (API-only tests), and the page then simply names none.
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
    const locale = /^src\/i18n\/locales\/([A-Za-z-]+)\.json$/.exec(chunk.src ?? '')?.[1];
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
    `<link rel="apple-touch-icon" href="${escapeHtml(variant.favicon)}" />`,
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
