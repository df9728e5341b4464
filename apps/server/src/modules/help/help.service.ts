import type { helpFaqList, helpFeedbackSubmit, opsHelpFeedbackListBody, opsHelpItemRemoveBody, opsHelpItemUpsertBody } from '@piranha/contract';
import type * as z from 'zod/mini';
import {
  DATA_PROTECTION_LAW,
  FAQ_CATEGORIES,
  currencyGet,
  formatMoney,
  minorUnits,
  helpMatches,
  helpSeedItems,
  helpTextPick,
  htmlSanitize,
  htmlToPreview,
  MARKET_LEGAL,
  variantFindByKey,
  type FaqCategory,
  type Locale,
  type VariantProfile,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { HelpLocaleText } from '../../db/schema/index.ts';
import type { RequestContext } from '../../plugins/request-context.ts';

/** The help centre (decision 038): content per brand and language in `help_items`, feedback in `help_feedback`. */
export interface HelpDeps {
  db: Db;
  now: () => Date;
  /** Brands whose seed this process has already made sure of (one insert per brand per process). */
  seeded: Set<string>;
}

/** Feedback rate limit: per player and per client address, in the last hour. */
export const FEEDBACK_PER_PLAYER_PER_HOUR = 5;
export const FEEDBACK_PER_IP_PER_HOUR = 10;

interface ItemRow {
  id: string | number;
  kind: 'faq' | 'about' | 'privacy' | 'news' | 'announcement' | 'html';
  slug: string;
  category: string;
  video_url: string;
  texts: Record<string, HelpLocaleText> | string;
  published_at: Date | string;
}

/** The brand's facts the seed texts are filled with, formatted for each locale. */
function seedFacts(profile: VariantProfile) {
  const legal = MARKET_LEGAL[profile.jurisdiction];
  const dataLaw = DATA_PROTECTION_LAW[profile.jurisdiction];
  return (locale: Locale) => ({
    brand: profile.name,
    email: profile.supportEmail,
    minDeposit: formatMoney(minorUnits(profile.minCharge * 10 ** currencyGet(profile.currency).scale), profile.currency, { locale, fractionDigits: 0 }),
    age: legal.minimumAge,
    ...(legal.regulator ? { regulator: legal.regulator } : {}),
    ...(dataLaw ? { dataLaw } : {}),
  });
}

/** Writes the brand's seed items that are not stored yet (an operator's item of the same slug is never touched). */
export async function helpSeedEnsure(deps: HelpDeps, profile: VariantProfile): Promise<void> {
  if (deps.seeded.has(profile.appKey)) return;
  const now = deps.now();
  const values = helpSeedItems(seedFacts(profile)).map(
    (item) => sql`(${profile.appKey}, ${item.kind}, ${item.slug}, ${item.category}, ${item.sort}, '', ${JSON.stringify(item.texts)}::jsonb, 'seed', ${now})`,
  );
  await rowsOf(
    deps.db,
    sql`insert into help_items (app_key, kind, slug, category, sort, video_url, texts, source, published_at)
        values ${sql.join(values, sql`, `)} on conflict (app_key, kind, slug) do nothing`,
  );
  deps.seeded.add(profile.appKey);
}

function textsOf(row: ItemRow): Record<string, HelpLocaleText> {
  return typeof row.texts === 'string' ? (JSON.parse(row.texts) as Record<string, HelpLocaleText>) : row.texts;
}

/** An item as the reader sees it: their language (else the brand's, else en-US), the body sanitized again on the way out. */
function itemView(row: ItemRow, ctx: RequestContext) {
  const text = helpTextPick(textsOf(row), ctx.locale, ctx.variant.defaultLang) ?? { title: '', body: '' };
  return {
    id: String(row.id),
    kind: row.kind,
    slug: row.slug,
    category: row.category,
    title: text.title,
    body: htmlSanitize(text.body),
    video_url: row.video_url,
    publish_time: Math.floor(new Date(row.published_at).getTime() / 1000),
  };
}

const ITEM_COLUMNS = sql`id, kind, slug, category, video_url, texts, published_at`;

async function itemsOf(deps: HelpDeps, ctx: RequestContext, kind: ItemRow['kind'], order: 'sort' | 'newest'): Promise<ItemRow[]> {
  await helpSeedEnsure(deps, ctx.variant);
  const orderBy = order === 'sort' ? sql`sort, id` : sql`published_at desc, sort, id`;
  return rowsOf<ItemRow>(
    deps.db,
    sql`select ${ITEM_COLUMNS} from help_items where app_key = ${ctx.variant.appKey} and kind = ${kind} and removed_at is null order by ${orderBy} limit 200`,
  );
}

export async function helpFaqListGet(deps: HelpDeps, ctx: RequestContext, query: z.output<typeof helpFaqList.query>) {
  const views = (await itemsOf(deps, ctx, 'faq', 'sort'))
    .map((row) => itemView(row, ctx))
    .filter((view): view is typeof view & { category: FaqCategory } => (FAQ_CATEGORIES as readonly string[]).includes(view.category));
  const categories = FAQ_CATEGORIES.map((category) => ({ category, count: views.filter((view) => view.category === category).length }));
  const keyword = query.keyword?.trim() ?? '';
  const list = views
    .filter((view) => query.category === undefined || view.category === query.category)
    .filter((view) => keyword === '' || helpMatches(keyword, `${view.title} ${htmlToPreview(view.body, 100_000)}`))
    .map((view) => ({
      id: view.id,
      category: view.category,
      title: view.title,
      summary: htmlToPreview(view.body, 140),
      has_video: view.video_url ? (1 as const) : (0 as const),
    }));
  return { categories, list };
}

export async function helpItemGetOne(deps: HelpDeps, ctx: RequestContext, id: string) {
  await helpSeedEnsure(deps, ctx.variant);
  const [row] = await rowsOf<ItemRow>(
    deps.db,
    sql`select ${ITEM_COLUMNS} from help_items where id = ${Number(id)} and app_key = ${ctx.variant.appKey} and removed_at is null`,
  );
  if (!row) throw new AppError('HELP_ITEM_NOT_FOUND');
  return itemView(row, ctx);
}

export async function helpPageGetOne(deps: HelpDeps, ctx: RequestContext, kind: 'about' | 'privacy') {
  const [row] = await itemsOf(deps, ctx, kind, 'sort');
  if (!row) throw new AppError('HELP_ITEM_NOT_FOUND');
  return itemView(row, ctx);
}

export async function helpNewsListGet(deps: HelpDeps, ctx: RequestContext, kind: 'news' | 'announcement') {
  return { list: (await itemsOf(deps, ctx, kind, 'newest')).map((row) => itemView(row, ctx)) };
}

/**
 * Stores a player's feedback. Counted and written under a lock per client address, so parallel sends cannot pass
 * the limit; a signed-in player is also counted across addresses.
 */
export async function helpFeedbackPost(
  deps: HelpDeps,
  ctx: RequestContext,
  ip: string,
  userId: number | undefined,
  body: z.output<typeof helpFeedbackSubmit.body>,
) {
  const now = deps.now();
  const since = new Date(now.getTime() - 3_600_000);
  return transaction(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`help_feedback:${ip}`}))`);
    if (userId !== undefined) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`help_feedback_user:${userId}`}))`);
    const [counts] = await rowsOf<{ by_ip: string | number; by_user: string | number }>(
      tx,
      sql`select (select count(*) from help_feedback where ip = ${ip} and created_at > ${since}) as by_ip,
                 (select count(*) from help_feedback where user_id = ${userId ?? null} and created_at > ${since}) as by_user`,
    );
    if (Number(counts?.by_ip ?? 0) >= FEEDBACK_PER_IP_PER_HOUR || Number(counts?.by_user ?? 0) >= FEEDBACK_PER_PLAYER_PER_HOUR)
      throw new AppError('FEEDBACK_RATE_LIMITED', { retry_after_s: 3600 });
    const [row] = await rowsOf<{ id: string | number }>(
      tx,
      sql`insert into help_feedback (app_key, user_id, ip, category, content, contact, locale, created_at)
          values (${ctx.variant.appKey}, ${userId ?? null}, ${ip}, ${body.category}, ${body.content.trim()}, ${body.contact?.trim() ?? ''}, ${ctx.locale}, ${now})
          returning id`,
    );
    return { feedback_id: String(row!.id) };
  });
}

// --- Operators ------------------------------------------------------------------------------------------

function brandOf(appKey: string): VariantProfile {
  const profile = variantFindByKey(appKey);
  if (!profile) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  return profile;
}

/** Creates or replaces an item; every body is sanitized to the allow-list before it is stored. */
export async function opsHelpItemUpsert(deps: HelpDeps, body: z.output<typeof opsHelpItemUpsertBody>) {
  const profile = brandOf(body.app_key);
  const texts: Record<string, HelpLocaleText> = {};
  for (const [locale, text] of Object.entries(body.texts)) if (text) texts[locale] = { title: text.title, body: htmlSanitize(text.body) };
  if (Object.keys(texts).length === 0) throw new AppError('VALIDATION_FAILED', { field: 'texts', issue: 'empty' });
  // The brand's seed first, so an operator's edit of a seeded item replaces it rather than being overwritten later.
  await helpSeedEnsure(deps, profile);
  if (body.kind === 'faq' && !body.category) {
    // A new answer needs its category; an edit keeps the one it has.
    const [existing] = await rowsOf<{ category: string }>(
      deps.db,
      sql`select category from help_items where app_key = ${body.app_key} and kind = 'faq' and slug = ${body.slug}`,
    );
    if (!existing?.category) throw new AppError('VALIDATION_FAILED', { field: 'category', issue: 'required_for_faq' });
  }
  const now = deps.now();
  const [row] = await rowsOf<{ id: string | number }>(
    deps.db,
    sql`insert into help_items (app_key, kind, slug, category, sort, video_url, texts, source, published_at)
        values (${body.app_key}, ${body.kind}, ${body.slug}, ${body.category ?? ''}, ${body.sort ?? 0}, ${body.video_url ?? ''}, ${JSON.stringify(texts)}::jsonb, 'operator', ${now})
        on conflict (app_key, kind, slug) do update set
          texts = case when help_items.removed_at is null then help_items.texts else '{}'::jsonb end || excluded.texts,
          category = coalesce(${body.category ?? null}::text, help_items.category),
          sort = coalesce(${body.sort ?? null}::integer, help_items.sort),
          video_url = coalesce(${body.video_url ?? null}::text, help_items.video_url),
          source = 'operator', published_at = excluded.published_at, removed_at = null
        returning id`,
  );
  return { id: String(row!.id) };
}

export async function opsHelpItemRemove(deps: HelpDeps, body: z.output<typeof opsHelpItemRemoveBody>) {
  brandOf(body.app_key);
  await helpSeedEnsure(deps, brandOf(body.app_key));
  const rows = await rowsOf<{ id: string | number }>(
    deps.db,
    sql`update help_items set removed_at = ${deps.now()} where app_key = ${body.app_key} and kind = ${body.kind} and slug = ${body.slug} and removed_at is null returning id`,
  );
  if (rows.length === 0) throw new AppError('HELP_ITEM_NOT_FOUND');
  return { id: String(rows[0]!.id) };
}

export async function opsHelpFeedbackList(deps: HelpDeps, body: z.output<typeof opsHelpFeedbackListBody>) {
  brandOf(body.app_key);
  const before = body.before_id === undefined ? sql`` : sql` and id < ${Number(body.before_id)}`;
  const rows = await rowsOf<{
    id: string | number;
    user_id: string | number | null;
    category: string;
    content: string;
    contact: string;
    locale: string;
    created_at: Date | string;
  }>(
    deps.db,
    sql`select id, user_id, category, content, contact, locale, created_at from help_feedback
        where app_key = ${body.app_key}${before} order by id desc limit ${body.limit ?? 50}`,
  );
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      uid: row.user_id === null ? 0 : Number(row.user_id),
      category: row.category,
      content: row.content,
      contact: row.contact,
      locale: row.locale,
      create_time: Math.floor(new Date(row.created_at).getTime() / 1000),
    })),
  };
}
