import { describe, expect, it } from 'vitest';
import { gridColumns, gridWindow } from './grid-window.ts';

describe('gridWindow', () => {
  it('draws only the rows in view plus the overscan', () => {
    expect(gridWindow({ scrollY: 0, viewportHeight: 800, gridTop: 200, rowHeight: 200, rowCount: 100, overscan: 1 })).toEqual({ first: 0, last: 4 });
    expect(gridWindow({ scrollY: 2200, viewportHeight: 800, gridTop: 200, rowHeight: 200, rowCount: 100, overscan: 2 })).toEqual({ first: 8, last: 16 });
  });

  it('never goes past the last row, and draws nothing for an empty grid', () => {
    expect(gridWindow({ scrollY: 99_999, viewportHeight: 800, gridTop: 0, rowHeight: 200, rowCount: 10, overscan: 2 })).toEqual({ first: 9, last: 9 });
    expect(gridWindow({ scrollY: 0, viewportHeight: 800, gridTop: 0, rowHeight: 200, rowCount: 0, overscan: 2 })).toEqual({ first: 0, last: -1 });
  });
});

describe('gridColumns', () => {
  it('keeps three columns on a phone and adds columns on wider screens', () => {
    expect(gridColumns(358)).toBe(3);
    expect(gridColumns(200)).toBe(3);
    expect(gridColumns(688)).toBe(6);
  });
});
