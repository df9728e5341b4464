import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One locale's words of a help item: a title and the sanitized HTML body (decision 038). */
export interface HelpLocaleText {
  title: string;
  body: string;
}

/**
 * The help centre per brand (issue 21, decision 038): FAQ answers, the about and privacy pages, news, announcements
 * and operator HTML pages. `texts` holds every locale written (en-US and the others); the reader's locale falls back
 * to the brand's default language, then en-US. `source` is `seed` until an operator writes the item; a removed item
 * keeps its row with `removed_at`, so the seed never brings it back.
 */
export const helpItems = pgTable(
  'help_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    kind: text('kind', { enum: ['faq', 'about', 'privacy', 'news', 'announcement', 'html'] }).notNull(),
    slug: text('slug').notNull(),
    category: text('category').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    videoUrl: text('video_url').notNull().default(''),
    texts: jsonb('texts').$type<Record<string, HelpLocaleText>>().notNull(),
    source: text('source', { enum: ['seed', 'operator'] }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('help_items_brand_slug_idx').on(table.appKey, table.kind, table.slug),
    index('help_items_brand_kind_idx')
      .on(table.appKey, table.kind, table.sort)
      .where(sql`${table.removedAt} is null`),
  ],
);

/** What players sent through /feedback, for the operator; counted per player and per address for the rate limit. */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    ip: text('ip').notNull(),
    category: text('category').notNull(),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('help_feedback_ip_idx').on(table.ip, table.createdAt),
    index('help_feedback_user_idx').on(table.userId, table.createdAt),
    index('help_feedback_brand_idx').on(table.appKey, table.id),
  ],
);
