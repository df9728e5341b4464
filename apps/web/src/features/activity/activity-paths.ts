import { paths } from '../../shared/paths/paths.ts';

/**
 * Each activity kind's page (decisions 031 and 061). Kept with the activity feature rather than in shared/paths: only
 * the lazy activity pages and /me's links need it, so it stays off the first route's JavaScript.
 */
const ACTIVITY_PATH_OF_KIND = {
  first_charge: paths.activityFirstCharge,
  daily_deposit: paths.activityDailyDeposit,
  total_deposit: paths.activityTotalDeposit,
  bet_reward: paths.activityBetReward,
  daily_cash: paths.activityDailyCash,
  week_cash: paths.activityWeekCash,
  free_bet: paths.activityFreeBet,
  ui_switch_reward: paths.activityUiSwitchReward,
} as const;

/** The page of one activity: `/activity/<kind>?id=<id>`, or `/activity/christmas?id=<id>` for a christmas-themed one. */
export function activityHref(kind: keyof typeof ACTIVITY_PATH_OF_KIND, activityId: string, theme: 'standard' | 'christmas' = 'standard'): string {
  const path = theme === 'christmas' ? paths.activityChristmas : ACTIVITY_PATH_OF_KIND[kind];
  return `${path}?id=${encodeURIComponent(activityId)}`;
}

/** The activity kind a page path shows, if any (not /activity/christmas, which shows a theme of any kind). */
export function activityKindOfPath(path: string): keyof typeof ACTIVITY_PATH_OF_KIND | undefined {
  return (Object.keys(ACTIVITY_PATH_OF_KIND) as (keyof typeof ACTIVITY_PATH_OF_KIND)[]).find((kind) => ACTIVITY_PATH_OF_KIND[kind] === path);
}
