import type { Banner, ContentItem, DynconfigEntry, OpsDynconfigSet } from '@piranha/contract';
import { DEFAULT_LOCALE, GLOBAL_STATS, type GlobalStats, type Locale, type VariantProfile } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { LocalisedText } from '../../db/schema/content.ts';
import { armOf, experimentArmsOfUser } from './experiments.service.ts';
import { azKeywordsOf, bannersLive, contentItemsOf, dynconfigsByKeys, dynconfigUpdate, settingGet, settingSet } from './config.repository.ts';

export function textIn(text: LocalisedText, locale: Locale): string {
  return text[locale] ?? text[DEFAULT_LOCALE] ?? '';
}

export async function globalStatsGet(db: DbOrTx): Promise<GlobalStats> {
  const value = await settingGet(db, 'global_stats');
  return value === GLOBAL_STATS.maintenance || value === GLOBAL_STATS.news ? value : GLOBAL_STATS.normal;
}

export async function globalStatsSet(db: DbOrTx, stats: GlobalStats): Promise<void> {
  await settingSet(db, 'global_stats', stats);
}

export { abBucket } from './experiments.service.ts';

/**
 * The configs asked for, each with the caller's arm: a signed-in player's stored arm (decision 040: carried from the
 * device at sign-up, else bucketed once by uid and stored), a visitor's by device or address.
 */
export async function dynconfigGet(
  db: DbOrTx,
  keys: readonly string[],
  subject: string,
  variant: VariantProfile,
  account?: { userId: number; now: Date },
): Promise<DynconfigEntry[]> {
  const rows = await dynconfigsByKeys(db, keys);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const stored = account
    ? await experimentArmsOfUser(db, { userId: account.userId, appKey: variant.appKey, rows, now: account.now })
    : new Map<string, string>();
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    if (!row) return [];
    const configs = { api_host: '', maidian_host: '', ...(row.configs as Record<string, unknown>) };
    if (row.kind === 'switch') return [{ key, result: row.enabled ? 'on' : 'off', switch: row.enabled ? 1 : 0, configs }];
    // The brand's own UI v3 flag turns the new UI on for everyone on that brand.
    const forced = key === 'ui_v3_ab' && variant.flags.uiV3;
    const armB = forced || (row.enabled === 1 && (stored.get(key) ?? armOf(row, subject)) === 'B');
    return [{ key, result: armB ? 'B' : 'A', switch: armB ? 1 : 0, configs }];
  });
}

/**
 * An operator's change to one config: the switch, arm B's share, and settings merged over the stored ones (so
 * setting the domain keeps the hosts). Hosts and the domain are origins (the contract checks the shape); the web
 * app still accepts only those on its allow-list (decision 033).
 */
export async function dynconfigSet(
  db: DbOrTx,
  input: OpsDynconfigSet,
): Promise<{ key: string; enabled: 0 | 1; b_percent: number; configs: Record<string, unknown> }> {
  const [row] = await dynconfigsByKeys(db, [input.key]);
  if (!row) throw new AppError('NOT_FOUND', { field: 'key' });
  const configs = { ...(row.configs as Record<string, unknown>), ...(input.configs ?? {}) };
  const bPercent = input.b_percent ?? row.bPercent;
  await dynconfigUpdate(db, input.key, input.enabled, bPercent, configs);
  return { key: input.key, enabled: input.enabled, b_percent: bPercent, configs };
}

type BannerRow = Awaited<ReturnType<typeof bannersLive>>[number];

/** The rows a brand shows, as the API answers them. A banned brand shows the banned banner only; other brands never see it. */
function bannersShown(rows: readonly BannerRow[], variant: VariantProfile, locale: Locale): Banner[] {
  return rows
    .filter((row) => (variant.flags.banned ? row.bannerType === 'banned' || row.bannerType === 'normal' : row.bannerType !== 'banned'))
    .map((row) => ({
      id: row.id,
      type: 1,
      info: row.image,
      url: row.url,
      banner_type: row.bannerType,
      title: textIn(row.title, locale),
      expire_time: row.expireAt ? Math.floor(row.expireAt.getTime() / 1000) : 0,
    }));
}

export async function bannerList(db: DbOrTx, variant: VariantProfile, locale: Locale, source: string | undefined, now: Date): Promise<Banner[]> {
  return bannersShown(await bannersLive(db, variant.appKey, source, now), variant, locale);
}

/**
 * The banners of each lobby the static first screen draws (decision 078), as `bannerList` answers them for that
 * `source` at `now`: one query for all of them (every live row of the brand), then the API's own source filter
 * (`all` or the source), order kept.
 */
export async function bannerListsBySource<S extends string>(
  db: DbOrTx,
  variant: VariantProfile,
  locale: Locale,
  sources: readonly S[],
  now: Date,
): Promise<Record<S, Banner[]>> {
  const rows = await bannersLive(db, variant.appKey, undefined, now);
  const lists = {} as Record<S, Banner[]>;
  for (const source of sources)
    lists[source] = bannersShown(
      rows.filter((row) => row.source === 'all' || row.source === source),
      variant,
      locale,
    );
  return lists;
}

export async function contentList(db: DbOrTx, kind: 'icon' | 'popup' | 'tab' | 'az_tab', variant: VariantProfile, locale: Locale): Promise<ContentItem[]> {
  const rows = await contentItemsOf(db, kind, variant.appKey);
  return rows.map((row) => ({ id: row.id, key: row.key, title: textIn(row.title, locale), icon: row.icon, url: row.url, level: row.level }));
}

/**
 * The operator's pop-ups of a brand in a language: the `popup` endpoint's whole answer for a visitor (uid 0, no
 * session; a signed-in player's also holds their pop-up messages, config.routes.ts), and the list the page carries
 * for the app's first render (web.routes.ts, decision 080).
 */
export function popupListOperator(db: DbOrTx, variant: VariantProfile, locale: Locale): Promise<ContentItem[]> {
  return contentList(db, 'popup', variant, locale);
}

export async function azKeywordList(db: DbOrTx, locale: Locale): Promise<string[]> {
  const words = await azKeywordsOf(db, locale);
  return words.length > 0 ? words : azKeywordsOf(db, DEFAULT_LOCALE);
}
