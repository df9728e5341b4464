import { describe, expect, it } from 'vitest';
import { activityHref, activityKindOfPath } from './activity-paths.ts';

describe('activity paths', () => {
  it('links each kind to its page, and a christmas-themed activity to /activity/christmas', () => {
    expect(activityHref('daily_cash', '5')).toBe('/activity/daily-cash?id=5');
    expect(activityHref('first_charge', '7')).toBe('/activity/first-charge?id=7');
    expect(activityHref('week_cash', '5', 'christmas')).toBe('/activity/christmas?id=5');
    expect(activityKindOfPath('/activity/ui-switch-reward')).toBe('ui_switch_reward');
    expect(activityKindOfPath('/activity/christmas')).toBeUndefined();
  });
});
