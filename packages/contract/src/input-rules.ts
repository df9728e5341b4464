/**
 * Rules every input obeys, whatever the endpoint (docs/decisions/020-security-edges.md):
 * - No string holds U+0000 or a lone surrogate. PostgreSQL cannot store NUL in text or jsonb, and jsonb refuses an
 *   unpaired surrogate escape, so such a string would fail deep inside a write instead of at validation.
 * - JSON nests at most INPUT_DEPTH_MAX levels. No request of ours needs more, and code that walks a value by
 *   recursion (JSON.stringify among it) overflows the stack a few thousand levels down.
 * The server applies them to every query, path parameter and parsed body before any route's own schema.
 */

/** Levels of nesting a JSON input may have: `{}` is 1, `{"a":[1]}` is 2. */
export const INPUT_DEPTH_MAX = 32;

/** U+0000, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** True when PostgreSQL can store the text as it is: no NUL, no lone surrogate. */
export function textIsStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The text with each NUL and lone surrogate replaced by U+FFFD, for logs that must keep whatever arrived. */
export function textStorableOf(text: string): string {
  return textIsStorable(text) ? text : text.replace(UNSTORABLE_ALL, '\uFFFD');
}

export interface InputFlaw {
  /**
   * Where the flaw is: the keys and indexes down to the offending string (or to the object holding an offending key).
   * For a value nested too deep, only its top-level key: the whole path would be as long as the nesting.
   */
  path: (string | number)[];
  issue: 'invalid_characters' | 'too_deep';
}

/** The first string (value or key) that breaks the rules above, or nesting past `depthMax`; undefined when clean. */
export function inputFlawOf(value: unknown, depthMax: number = INPUT_DEPTH_MAX): InputFlaw | undefined {
  const path: (string | number)[] = [];
  const walk = (node: unknown, depth: number): InputFlaw | undefined => {
    if (typeof node === 'string') return textIsStorable(node) ? undefined : { path: [...path], issue: 'invalid_characters' };
    if (typeof node !== 'object' || node === null) return undefined;
    if (depth > depthMax) return { path: path.slice(0, 1), issue: 'too_deep' };
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        path.push(index);
        const flaw = walk(node[index], depth + 1);
        path.pop();
        if (flaw) return flaw;
      }
      return undefined;
    }
    for (const key of Object.keys(node)) {
      if (!textIsStorable(key)) return { path: [...path], issue: 'invalid_characters' };
      path.push(key);
      const flaw = walk((node as Record<string, unknown>)[key], depth + 1);
      path.pop();
      if (flaw) return flaw;
    }
    return undefined;
  };
  return walk(value, 1);
}
