import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A red dot an operator puts on a footer tab (spec §7 tab_prompt), e.g. news on the game tab. It shows to
 * every player of the brand between `starts_at` and `ends_at` until the player opens that tab.
 */
export const tabPrompts = pgTable(
  'tab_prompts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    tabKey: text('tab_key').notNull(),
    /** Short text per locale (en-US at least); the client may show it beside the dot. */
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('tab_prompts_app_idx').on(table.appKey, table.startsAt)],
);

/**
 * Who cleared which prompt (red_point_click). `viewer` is `u:<uid>` for a player or `d:<smid>` for a signed-out
 * device; `prompt_key` is `op:<id>` for an operator's prompt or `save_email` for the tourist's own prompt.
 */
export const tabPromptClicks = pgTable(
  'tab_prompt_clicks',
  {
    viewer: text('viewer').notNull(),
    promptKey: text('prompt_key').notNull(),
    clickedAt: at('clicked_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.viewer, table.promptKey] })],
);

/** The player's record at the sports book (spec §4 user info create): made once, on first need. */
export const fbUsers = pgTable('fb_users', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  currency: text('currency').notNull(),
  createdAt: at('created_at').notNull(),
});
