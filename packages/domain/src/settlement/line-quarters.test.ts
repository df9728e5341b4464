import { describe, expect, it } from 'vitest';
import { lineQuarters, lineQuartersParse } from './line-quarters.ts';

describe('lineQuartersParse', () => {
  it.each([
    ['0', 0],
    ['2.5', 10],
    ['+0.25', 1],
    ['-0.75', -3],
    ['\u22121.75', -7],
    ['1', 4],
    ['0.5/1', 3],
    ['-0.5/1', -3],
    ['0/0.5', 1],
    ['-1/1.5', -5],
    ['2.5/3', 11],
    ['220.5', 882],
    [' 1.25 ', 5],
    ['-0', 0],
  ])('reads "%s" as %i quarters', (text, quarters) => {
    expect(lineQuartersParse(text)).toEqual({ ok: true, lineQuarters: quarters });
  });

  it.each(['', 'abc', '0.3', '1.125', '0.5/1.5', '0.25/0.75', '1/1', '--1', '1.', '.5'])('refuses "%s"', (text) => {
    expect(lineQuartersParse(text)).toEqual({ ok: false, code: 'LINE_INVALID' });
  });
});

describe('lineQuarters', () => {
  it('refuses a fraction of a quarter', () => {
    expect(() => lineQuarters(0.5)).toThrow(RangeError);
  });
});
