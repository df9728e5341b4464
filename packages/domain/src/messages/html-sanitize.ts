import { entitiesDecode, safeUrl } from './safe-url.ts';

export { safeUrl };
/**
 * A strict allow-list HTML sanitizer for operator-written message bodies (issue 21, decision 028). It never
 * builds a DOM: it tokenizes, keeps only the tags and attributes listed below, re-escapes every text and attribute
 * value, drops the content of script-like elements entirely and closes what was left open. Anything it does not
 * recognise as an allowed tag is text, escaped — so `<img src=x onerror=…` without its `>` reads as harmless text.
 */

/** Allowed tags → the attributes each may keep. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  small: [],
  span: [],
  div: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Elements that never close (no end tag is written for them). */
const VOID = new Set(['br', 'img']);

/** Elements whose whole content is dropped with them: code, styles, embedded documents, raw-text containers. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'svg',
  'math',
  'select',
  'frameset',
  'frame',
  'plaintext',
  'applet',
]);

/** How deep tags may nest before the rest is flattened to text; stops pathological inputs costing stack. */
const DEPTH_MAX = 32;

export function htmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Text keeps valid character references as they are (an operator's `&euro;`) and escapes everything else. */
function textEscape(value: string): string {
  return value
    .replace(/&(?!(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesKeep(tag: string, source: string): string {
  const allowed = ALLOWED[tag] ?? [];
  if (allowed.length === 0) return '';
  const kept = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!allowed.includes(name) || kept.has(name)) continue;
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (name === 'href' || name === 'src') {
      const url = safeUrl(value, name === 'src' ? 'image' : 'link');
      if (url !== undefined) kept.set(name, url);
    } else if (name === 'width' || name === 'height') {
      if (/^\d{1,4}$/.test(value)) kept.set(name, value);
    } else kept.set(name, entitiesDecode(value).slice(0, 200));
  }
  if (tag === 'img' && !kept.has('src')) return '\u0000drop';
  let out = '';
  for (const [name, value] of kept) out += ` ${name}="${htmlEscape(value)}"`;
  // Every link leaves the page in a new context that cannot reach back to this one.
  if (tag === 'a' && kept.has('href') && /^(https?|mailto):/i.test(kept.get('href')!)) out += ' target="_blank" rel="noopener noreferrer nofollow"';
  return out;
}

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/;

/** Sanitizes operator HTML to the allow-list; the answer is safe to set as innerHTML. */
export function htmlSanitize(input: string): string {
  let out = '';
  const open: string[] = [];
  let index = 0;
  while (index < input.length) {
    const next = input.indexOf('<', index);
    if (next === -1) {
      out += textEscape(input.slice(index));
      break;
    }
    out += textEscape(input.slice(index, next));
    const rest = input.slice(next);
    // Comments, doctypes, processing instructions and CDATA are dropped whole (to their end, or to the end of input).
    if (rest.startsWith('<!--')) {
      const end = input.indexOf('-->', next + 4);
      index = end === -1 ? input.length : end + 3;
      continue;
    }
    if (/^<[!?]/.test(rest)) {
      const end = input.indexOf('>', next);
      index = end === -1 ? input.length : end + 1;
      continue;
    }
    const tag = TAG.exec(rest);
    if (!tag) {
      out += '&lt;';
      index = next + 1;
      continue;
    }
    index = next + tag[0].length;
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) {
        // Skip to the matching end tag (or drop the rest when it never comes).
        const end = new RegExp(`</${name}\\s*>`, 'i').exec(input.slice(index));
        index = end ? index + end.index + end[0].length : input.length;
      }
      continue;
    }
    if (!(name in ALLOWED)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    const attributes = attributesKeep(name, tag[3] ?? '');
    if (attributes === '\u0000drop') continue;
    if (VOID.has(name)) {
      out += `<${name}${attributes}>`;
      continue;
    }
    if (open.length >= DEPTH_MAX) continue;
    open.push(name);
    out += `<${name}${attributes}>`;
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The text of sanitized HTML, for previews (the top bar, the list): tags dropped, entities kept escaped. */
export function htmlToPreview(html: string, max = 140): string {
  const plain = entitiesDecode(
    htmlSanitize(html)
      .replace(/<br>|<\/(p|div|li|h3|h4)>/g, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
