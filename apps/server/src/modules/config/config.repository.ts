import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings, azKeywords, banners, contentItems, dynconfigs } from '../../db/schema/index.ts';

export async function settingGet(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

export async function settingSet(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

export async function dynconfigsByKeys(db: DbOrTx, keys: readonly string[]) {
  return db
    .select()
    .from(dynconfigs)
    .where(inArray(dynconfigs.key, [...keys]));
}

export async function dynconfigUpdate(db: DbOrTx, key: string, enabled: 0 | 1, bPercent: number, configs: Record<string, unknown>): Promise<void> {
  await db.update(dynconfigs).set({ enabled, bPercent, configs }).where(eq(dynconfigs.key, key));
}

export async function bannersLive(db: DbOrTx, appKey: string, source: string | undefined, now: Date) {
  return db
    .select()
    .from(banners)
    .where(
      and(
        or(isNull(banners.appKey), eq(banners.appKey, appKey)),
        or(isNull(banners.expireAt), gt(banners.expireAt, now)),
        source ? or(eq(banners.source, 'all'), eq(banners.source, source)) : undefined,
      ),
    )
    .orderBy(desc(banners.sort), asc(banners.id));
}

export async function contentItemsOf(db: DbOrTx, kind: 'icon' | 'popup' | 'tab' | 'az_tab', appKey: string) {
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), or(isNull(contentItems.appKey), eq(contentItems.appKey, appKey))))
    .orderBy(desc(contentItems.level), asc(contentItems.id));
}

export async function azKeywordsOf(db: DbOrTx, locale: string) {
  const rows = await db.select({ keyword: azKeywords.keyword }).from(azKeywords).where(eq(azKeywords.locale, locale)).orderBy(desc(azKeywords.sort));
  return rows.map((row) => row.keyword);
}
