import { bigserial, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

/** Localised text: locale → text; en-US is always present and used when a locale is missing. */
export type LocalisedText = Record<string, string>;

export const banners = pgTable('banners', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Null shows the banner on every brand. */
  appKey: text('app_key'),
  bannerType: text('banner_type', { enum: ['normal', 'deposit', 'pwa', 'ui_switch', 'banned'] }).notNull(),
  title: jsonb('title').$type<LocalisedText>().notNull(),
  image: text('image').notNull(),
  url: text('url').notNull(),
  source: text('source').notNull().default('all'),
  sort: integer('sort').notNull().default(0),
  expireAt: timestamp('expire_at', { withTimezone: true }),
});

/** Icons, pop-ups, footer tabs and A–Z tabs: lists of the same shape told apart by kind. */
export const contentItems = pgTable('content_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['icon', 'popup', 'tab', 'az_tab'] }).notNull(),
  appKey: text('app_key'),
  key: text('key').notNull(),
  title: jsonb('title').$type<LocalisedText>().notNull(),
  icon: text('icon').notNull(),
  url: text('url').notNull(),
  level: real('level').notNull().default(0),
});

export const azKeywords = pgTable('az_keywords', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  locale: text('locale').notNull(),
  keyword: text('keyword').notNull(),
  sort: integer('sort').notNull().default(0),
});
