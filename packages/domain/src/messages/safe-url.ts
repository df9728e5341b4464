/** Link addresses an operator's content may carry, apart from the HTML sanitizer: the first screen's banner links
 * need this check and not the sanitizer (architecture.md first-route budget). */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Decodes character references as a browser would read an attribute (used only to judge a URL's scheme). */
export function entitiesDecode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * A link or image address a message may carry: https (or http) addresses, in-app paths (`/deposit`, `#/promo`) and
 * mail links; never `javascript:`, `data:`, `vbscript:` or a protocol-relative `//host`, however it is disguised
 * (entities, control characters, upper case, whitespace).
 */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link'): string | undefined {
  // Browsers drop ASCII whitespace and control characters inside a scheme: `java\tscript:` is `javascript:`.
  // eslint-disable-next-line no-control-regex
  const value = entitiesDecode(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value === '' || value.length > 2048) return undefined;
  if (value.startsWith('//') || value.startsWith('\\')) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    if (/[:\\]/.test(value.split(/[/?#]/)[0] ?? '')) return undefined;
    return value.startsWith('/') || value.startsWith('#') ? value : undefined;
  }
  const allowed = kind === 'image' ? ['https'] : ['https', 'http', 'mailto'];
  return allowed.includes(scheme) ? value : undefined;
}
