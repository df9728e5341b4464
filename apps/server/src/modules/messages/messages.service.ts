import type { ContentItem, messageList } from '@piranha/contract';
import type * as z from 'zod/mini';
import { DEFAULT_LOCALE, type Locale } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import type { RequestContext, SessionUser } from '../../plugins/request-context.ts';
import { saferMarketingAllowed } from '../safer-play/safer-play.service.ts';
import type { CacheStamp, MessagesCache } from './messages-cache.ts';
import type { RealtimePublisher } from '../../realtime/realtime-bus.ts';
import {
  messageFind,
  messagePopupsUnread,
  messagesPage,
  messagesRead,
  readerOf,
  topBarClosable,
  topBarClosedAt,
  topBarCloseSet,
  unreadCount,
  visibleInMemory,
  type MessageRow,
  type Reader,
} from './messages.repository.ts';

/** The player's message centre and top bar (spec §7 Messages; decision 028). */
export interface MessagesDeps {
  db: Db;
  now: () => Date;
  /** The per-node poll cache (messages-cache.ts); without it every answer reads the database. */
  cache?: MessagesCache;
  /** The socket's events (decision 036): a publish tells its audience's pages. */
  realtime?: RealtimePublisher;
}

const PAGE_SIZE = 20;
/** Spec §9: the top bar stays closed for 24 h after the player closes it. */
export const TOP_BAR_CLOSED_MS = 86_400_000;
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

async function readerGet(deps: MessagesDeps, user: SessionUser, ctx: RequestContext): Promise<Reader> {
  const reader = await readerOf(deps.db, user.uid, ctx.params.lca_coun ?? '', await saferMarketingAllowed(deps.db, user.uid, deps.now()));
  if (!reader) throw new AppError('SESSION_EXPIRED');
  return reader;
}

/** A message in the reader's language (en-US when the operator wrote none in it). */
export function messageView(row: MessageRow, locale: Locale, now: Date) {
  const text = row.texts[locale] ?? row.texts[DEFAULT_LOCALE] ?? Object.values(row.texts)[0] ?? { title: '', content: '' };
  const buttons = row.buttons.map((button) => ({ btn_text: button.text[locale] ?? button.text[DEFAULT_LOCALE] ?? '', link: button.link }));
  const left = row.expiresAt === null ? 0 : Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000));
  return {
    message_id: String(row.id),
    message_type: row.messageType,
    content_type: row.contentType,
    message_content: {
      title: text.title,
      content: text.content,
      buttons,
      icons: row.icons,
      content_id: String(row.id),
      btn_text: buttons[0]?.btn_text ?? '',
      btn_bk_image: row.btnBkImage,
    },
    turn_time: row.turnTime,
    left_time: left,
    create_time: seconds(row.createdAt),
    readed: row.readed ? (1 as const) : (0 as const),
    is_h5: row.isH5 ? (1 as const) : (0 as const),
    lca_coun: row.segment?.countries.join(',') ?? '',
    allow_close: row.allowClose ? (1 as const) : (0 as const),
  };
}

function topBarClosedNow(closedAt: Date | undefined, now: Date): boolean {
  return closedAt !== undefined && now.getTime() - closedAt.getTime() < TOP_BAR_CLOSED_MS;
}

type ListQuery = z.output<(typeof messageList)['query']>;

/**
 * What a cached poll answer was built from (decision 041): the player and brand entries of the per-node cache, and the
 * moment the clock changes it (a `left_time` ticking down, a message expiring, the top bar reopening).
 */
export interface PollBasis {
  uid: number;
  appKey: string;
  stamp: CacheStamp;
  validUntilMs: number;
}

/** The first moment after `now` at which an answer from these rows would read differently by the clock alone. */
function validUntilOf(visible: readonly MessageRow[], closedAt: Date | undefined, now: Date): number {
  const at = now.getTime();
  let until = Number.POSITIVE_INFINITY;
  for (const row of visible) {
    if (row.expiresAt === null) continue;
    // left_time is ceil(remaining / 1 s): it next changes when the remaining time drops to the whole second below.
    const remaining = row.expiresAt.getTime() - at;
    const step = remaining - 1000 * (Math.ceil(remaining / 1000) - 1);
    until = Math.min(until, at + Math.max(1, step));
  }
  if (closedAt !== undefined && topBarClosedNow(closedAt, now)) until = Math.min(until, closedAt.getTime() + TOP_BAR_CLOSED_MS);
  return until;
}

export async function messageListGet(deps: MessagesDeps, user: SessionUser, ctx: RequestContext, query: ListQuery, basis?: (basis: PollBasis) => void) {
  const now = deps.now();
  const topBarOnly = query.message_type === '2';
  const offset = query.cursor === undefined ? 0 : Number(query.cursor);
  const haveRead = query.have_read === undefined ? undefined : query.have_read === '1';
  let closed: boolean;
  let rows: MessageRow[];
  let unread: number;
  const polled = await polledOf(deps, user, ctx, now);
  if (polled) {
    basis?.(polled.basis);
    closed = topBarClosedNow(polled.closedAt, now);
    const matching = polled.visible.filter((row) => (haveRead === undefined || row.readed === haveRead) && (!topBarOnly || row.messageType === 2));
    rows = topBarOnly && closed ? [] : matching.slice(offset, offset + PAGE_SIZE + 1);
    unread = polled.unread;
  } else {
    const reader = await readerGet(deps, user, ctx);
    closed = topBarClosedNow(await topBarClosedAt(deps.db, user.uid), now);
    rows = topBarOnly && closed ? [] : await messagesPage(deps.db, reader, now, { haveRead, topBarOnly }, offset, PAGE_SIZE + 1);
    unread = await unreadCount(deps.db, reader, now);
  }
  const page = rows.slice(0, PAGE_SIZE);
  const hasMore = rows.length > PAGE_SIZE;
  return {
    top_bar_closed: closed ? (1 as const) : (0 as const),
    message_list: page.map((row) => messageView(row, ctx.locale, now)),
    unread_count: unread,
    cursor: hasMore ? String(offset + PAGE_SIZE) : '',
    has_more: hasMore ? (1 as const) : (0 as const),
  };
}

/**
 * What a poll sees from the per-node cache: the reader's visible messages (the same rule as the SQL, in memory),
 * unread first then newest, with `readed` from their read set; undefined without a cache.
 */
async function polledOf(deps: MessagesDeps, user: SessionUser, ctx: RequestContext, now: Date) {
  const cache = deps.cache;
  if (!cache) return undefined;
  const playerRead = cache.player(deps.db, user.uid, now);
  const state = await playerRead;
  if (!state) throw new AppError('SESSION_EXPIRED');
  const reader: Reader = { ...state.reader, country: (ctx.params.lca_coun ?? '').toUpperCase() };
  const brandRead = cache.brand(deps.db, reader.appKey, now);
  const brand = await brandRead;
  // The very reads this answer is built from: an entry replaced meanwhile makes the stamp not current, never wrong.
  const stamp: CacheStamp = { player: playerRead, brand: brandRead };
  const visible = [...brand, ...state.own]
    .filter((row) => visibleInMemory(row, reader, now))
    .map((row) => ({ ...row, readed: state.reads.has(row.id) }))
    .sort((a, b) => Number(a.readed) - Number(b.readed) || b.id - a.id);
  const basis: PollBasis = { uid: user.uid, appKey: reader.appKey, stamp, validUntilMs: validUntilOf(visible, state.closedAt, now) };
  return { closedAt: state.closedAt, visible, unread: visible.filter((row) => !row.readed).length, basis };
}

export async function messageGetOne(deps: MessagesDeps, user: SessionUser, ctx: RequestContext, id: string) {
  const now = deps.now();
  const row = await messageFind(deps.db, await readerGet(deps, user, ctx), now, Number(id));
  if (!row) throw new AppError('MESSAGE_NOT_FOUND', { field: 'message_id' });
  return messageView(row, ctx.locale, now);
}

export async function messageReadBatchPost(
  deps: MessagesDeps,
  user: SessionUser,
  ctx: RequestContext,
  query: { message_ids?: string | undefined; all?: '1' | undefined },
) {
  if ((query.message_ids === undefined) === (query.all === undefined))
    throw new AppError('VALIDATION_FAILED', { field: 'message_ids', issue: 'one_of_message_ids_or_all' });
  const now = deps.now();
  const reader = await readerGet(deps, user, ctx);
  const ids = query.message_ids === undefined ? undefined : [...new Set(query.message_ids.split(',').map(Number))];
  const read = await messagesRead(deps.db, reader, now, ids);
  deps.cache?.playerForget(user.uid);
  return { read, unread_count: await unreadCount(deps.db, reader, now) };
}

/** Spec §4/§8: the bar closes only on dm_error 0, and then stays closed for 24 h. */
export async function messageTopBarCloseGet(deps: MessagesDeps, user: SessionUser, ctx: RequestContext) {
  const now = deps.now();
  const reader = await readerGet(deps, user, ctx);
  const closedAt = await topBarClosedAt(deps.db, user.uid);
  if (topBarClosedNow(closedAt, now)) return { top_bar_closed: 1 as const, reopen_time: seconds(new Date(closedAt!.getTime() + TOP_BAR_CLOSED_MS)) };
  if (!(await topBarClosable(deps.db, reader, now))) throw new AppError('TOP_BAR_CLOSE_NOT_ALLOWED');
  await topBarCloseSet(deps.db, user.uid, now);
  deps.cache?.playerForget(user.uid);
  return { top_bar_closed: 1 as const, reopen_time: seconds(new Date(now.getTime() + TOP_BAR_CLOSED_MS)) };
}

export async function messageUnreadCountGet(deps: MessagesDeps, user: SessionUser, ctx: RequestContext, basis?: (basis: PollBasis) => void) {
  const polled = await polledOf(deps, user, ctx, deps.now());
  if (polled) {
    basis?.(polled.basis);
    return { count: polled.unread };
  }
  return { count: await unreadCount(deps.db, await readerGet(deps, user, ctx), deps.now()) };
}

/**
 * Pop-up messages (message_type 3) as items of the pop-up stack (`GET /api/v1/conf/popup`, spec §4), beside the
 * operator's pop-ups: key `message-<id>`, the operator's level, and a link into the app (`#/…`) or outside. The web
 * app marks one read when it is closed or followed, so it pops up once.
 */
export async function messagePopupItems(deps: MessagesDeps, user: SessionUser | undefined, ctx: RequestContext): Promise<ContentItem[]> {
  if (!user) return [];
  const now = deps.now();
  const reader = await readerOf(deps.db, user.uid, ctx.params.lca_coun ?? '', await saferMarketingAllowed(deps.db, user.uid, now));
  if (!reader) return [];
  return (await messagePopupsUnread(deps.db, reader, now)).map((row) => {
    const view = messageView(row, ctx.locale, now);
    const link = view.message_content.buttons[0]?.link ?? `/message-detail?id=${view.message_id}`;
    return {
      id: row.id,
      key: `message-${row.id}`,
      title: view.message_content.title,
      icon: view.message_content.icons[0] ?? 'mail',
      url: link.startsWith('/') ? `#${link}` : link,
      level: row.popupLevel,
    };
  });
}
