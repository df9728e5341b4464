import { describe, expect, it } from 'vitest';
import { favouriteToggle } from './favourites-store.ts';

const same = (a: number, b: number) => a === b;

describe('favourite toggle', () => {
  it('adds at the front and removes on a second tap', () => {
    expect(favouriteToggle([1, 2], 3, same)).toEqual([3, 1, 2]);
    expect(favouriteToggle([3, 1, 2], 1, same)).toEqual([3, 2]);
  });

  it('keeps only the newest when full', () => {
    expect(favouriteToggle([1, 2, 3], 4, same, 3)).toEqual([4, 1, 2]);
  });

  it('compares leagues by id, not by name', () => {
    const leagues = [{ id: 7, na: 'Old name', sid: 1 }];
    expect(favouriteToggle(leagues, { id: 7, na: 'New name', sid: 1 }, (a, b) => a.id === b.id)).toEqual([]);
  });
});
