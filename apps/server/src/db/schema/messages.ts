import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The message centre and top bar (issue 21, decision 028). A message is written once for its audience — a whole
 * brand, a segment of it, or one player — and read per player; what a player has read is a row of its own.
 */

/** One locale's words of a message: a title and the sanitized HTML body. */
export interface MessageLocaleText {
  title: string;
  content: string;
}

/** A button: its label per locale and where it leads (an in-app path or an https address). */
export interface MessageButton {
  text: Record<string, string>;
  link: string;
}

/** Who a segment message is for: every listed condition must hold (an empty list means any). */
export interface MessageSegment {
  currencies: string[];
  langs: string[];
  countries: string[];
  registered_only: boolean;
}

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKey: text('app_key').notNull(),
    /** brand: every player of the brand; segment: those matching `segment`; player: `user_id` only. */
    audience: text('audience', { enum: ['brand', 'segment', 'player'] }).notNull(),
    segment: jsonb('segment').$type<MessageSegment>(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    /** 1: message centre; 2: also the top carousel bar; 3: also a pop-up in the pop-up stack until read. */
    messageType: smallint('message_type').notNull(),
    /** 1 text, 2 rich text (sanitized HTML), 3 image. */
    contentType: smallint('content_type').notNull(),
    /** Locale → title and body; en-US always present and used for a locale that is missing. */
    texts: jsonb('texts').$type<Record<string, MessageLocaleText>>().notNull(),
    buttons: jsonb('buttons').$type<MessageButton[]>().notNull(),
    icons: jsonb('icons').$type<string[]>().notNull(),
    btnBkImage: text('btn_bk_image').notNull().default(''),
    /** Seconds the top bar shows it before turning to the next. */
    turnTime: integer('turn_time').notNull(),
    allowClose: boolean('allow_close').notNull(),
    /** Its body opens as a page of its own (the detail page) rather than inline. */
    isH5: boolean('is_h5').notNull(),
    /** A pop-up message's place in the pop-up stack (spec §4 priorities, -2 to 10; higher first). */
    popupLevel: real('popup_level').notNull().default(0),
    /** A message the product wrote for an event (`payin:<order>`, `bet_won:<bet>`…): at most one per event. */
    sourceRef: text('source_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('messages_source_ref_key').on(table.sourceRef),
    index('messages_player_idx')
      .on(table.userId, table.id)
      .where(sql`user_id is not null`),
    index('messages_brand_idx')
      .on(table.appKey, table.id)
      .where(sql`user_id is null`),
    check('messages_audience_check', sql`(audience = 'player') = (user_id is not null) and (audience = 'segment') = (segment is not null)`),
  ],
);

/** A message one player has read (read_batch, opening the detail). */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.messageId] })],
);

/** When a player last closed the top bar: it stays closed for 24 h (spec §9). */
export const messageTopBarCloses = pgTable('message_top_bar_closes', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
});

/**
 * How far the event-message job has read each source (`payin`, `payout`, `bet_won`, `bonus`): rows changed at or
 * after `cursor_at` minus an overlap are read again each pass; `messages.source_ref` makes a repeat write nothing.
 */
export const messageEventCursors = pgTable('message_event_cursors', {
  source: text('source').primaryKey(),
  cursorAt: timestamp('cursor_at', { withTimezone: true }).notNull(),
});
