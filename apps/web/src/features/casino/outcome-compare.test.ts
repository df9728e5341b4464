import { describe, expect, it } from 'vitest';
import { canonicalJson, outcomeEqual } from './outcome-compare.ts';

describe('outcomeEqual', () => {
  it('ignores the order of object keys', () => {
    expect(outcomeEqual({ kind: 'dice', roll: 2135, won: true }, { won: true, roll: 2135, kind: 'dice' })).toBe(true);
  });

  it('notices any changed value or array order', () => {
    expect(outcomeEqual({ kind: 'dice', roll: 2135 }, { kind: 'dice', roll: 2136 })).toBe(false);
    expect(outcomeEqual({ path: [0, 1, 1] }, { path: [1, 0, 1] })).toBe(false);
  });

  it('treats mine positions as a set', () => {
    expect(outcomeEqual({ kind: 'mines', minePositions: [7, 2, 19] }, { kind: 'mines', minePositions: [2, 7, 19] })).toBe(true);
    expect(outcomeEqual({ kind: 'mines', minePositions: [7, 2] }, { kind: 'mines', minePositions: [2, 8] })).toBe(false);
  });

  it('drops undefined fields like JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});
