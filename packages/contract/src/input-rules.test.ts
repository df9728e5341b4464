import { describe, expect, it } from 'vitest';
import { INPUT_DEPTH_MAX, inputFlawOf, textIsStorable, textStorableOf } from './input-rules.ts';

/** `{"a":{"a":…1…}}` nested `levels` deep. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

describe('textIsStorable', () => {
  it.each([
    ['plain text', 'Ana Souza', true],
    ['an emoji (a surrogate pair)', 'gol 😀!', true],
    ['other control characters', 'tab\tnew\nline\u0001', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\uD83Db', false],
    ['a high surrogate at the end', 'a\uD83D', false],
    ['a lone low surrogate', 'a\uDE00b', false],
    ['two high surrogates then a low one', '\uD83D\uD83D\uDE00', false],
  ])('%s → %s', (_label, text, storable) => {
    expect(textIsStorable(text)).toBe(storable);
  });

  it('replaces only the unstorable characters with U+FFFD', () => {
    expect(textStorableOf('a\u0000b\uD83D😀\uDE00')).toBe('a\uFFFDb\uFFFD😀\uFFFD');
    expect(textStorableOf('clean')).toBe('clean');
  });
});

describe('inputFlawOf', () => {
  it('finds nothing in clean input, however wide', () => {
    expect(inputFlawOf({ keys: ['a', 'b'], events: [{ event: 'x', params: { n: 1, ok: true, none: null } }] })).toBeUndefined();
    expect(inputFlawOf(Array.from({ length: 10_000 }, (_, index) => ({ index })))).toBeUndefined();
    expect(inputFlawOf(undefined)).toBeUndefined();
  });

  it('names the path down to a string with a NUL or a lone surrogate', () => {
    expect(inputFlawOf({ events: [{ event: 'ok' }, { event: 'bad\u0000' }] })).toStrictEqual({ path: ['events', 1, 'event'], issue: 'invalid_characters' });
    expect(inputFlawOf({ nick: '\uD800' })).toStrictEqual({ path: ['nick'], issue: 'invalid_characters' });
    expect(inputFlawOf('top\u0000')).toStrictEqual({ path: [], issue: 'invalid_characters' });
  });

  it('names the object that holds a key with a NUL, not the key itself', () => {
    expect(inputFlawOf({ params: { 'k\u0000': 1 } })).toStrictEqual({ path: ['params'], issue: 'invalid_characters' });
  });

  it(`takes ${INPUT_DEPTH_MAX} levels of nesting and refuses one more, naming the top-level field`, () => {
    expect(inputFlawOf(nested(INPUT_DEPTH_MAX))).toBeUndefined();
    expect(inputFlawOf(nested(INPUT_DEPTH_MAX + 1))).toStrictEqual({ path: ['a'], issue: 'too_deep' });
    expect(inputFlawOf({ data: nested(5_000) })).toStrictEqual({ path: ['data'], issue: 'too_deep' });
    let arrays: unknown = [];
    for (let level = 0; level < 5_000; level++) arrays = [arrays];
    expect(inputFlawOf(arrays)).toStrictEqual({ path: [0], issue: 'too_deep' });
  });
});
