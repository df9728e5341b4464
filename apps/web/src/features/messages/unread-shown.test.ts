import { describe, expect, it } from 'vitest';
import { unreadShown } from './unread-shown.ts';

describe('unreadShown (message centre count beside the list)', () => {
  it('shows the list’s own count when the polled count is older (the "Unread: 0" beside a red dot)', () => {
    // The count was polled at t=1000 (0 unread); a message arrived; the centre opened and read the list at t=5000.
    expect(unreadShown({ value: 0, updatedAt: 1000 }, { value: 1, updatedAt: 5000 })).toBe(1);
  });

  it('shows the count when it is newer than the list (read elsewhere since)', () => {
    expect(unreadShown({ value: 0, updatedAt: 9000 }, { value: 2, updatedAt: 5000 })).toBe(0);
  });

  it('prefers the list on a tie, and uses whichever exists', () => {
    expect(unreadShown({ value: 0, updatedAt: 5000 }, { value: 3, updatedAt: 5000 })).toBe(3);
    expect(unreadShown(undefined, { value: 2, updatedAt: 1 })).toBe(2);
    expect(unreadShown({ value: 4, updatedAt: 1 }, undefined)).toBe(4);
    expect(unreadShown(undefined, undefined)).toBe(0);
  });
});
