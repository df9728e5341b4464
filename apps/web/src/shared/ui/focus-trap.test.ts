import { describe, expect, it } from 'vitest';
import { focusTrapTarget } from './focus-trap.ts';

describe('the focus trap of a dialog', () => {
  const controls = ['close', 'stake', 'place'];

  it('goes round: Tab on the last goes to the first, Shift+Tab on the first to the last', () => {
    expect(focusTrapTarget(controls, 'place', false)).toBe('close');
    expect(focusTrapTarget(controls, 'close', true)).toBe('place');
  });

  it('lets Tab move on between the controls', () => {
    expect(focusTrapTarget(controls, 'close', false)).toBeUndefined();
    expect(focusTrapTarget(controls, 'place', true)).toBeUndefined();
  });

  it('brings focus that is on the dialog itself (or escaped) back in', () => {
    expect(focusTrapTarget(controls, 'dialog', false)).toBe('close');
    expect(focusTrapTarget(controls, 'dialog', true)).toBe('place');
    expect(focusTrapTarget([], 'dialog', false)).toBeUndefined();
  });
});
