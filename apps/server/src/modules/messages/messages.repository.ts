import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { messages, type MessageButton, type MessageLocaleText, type MessageSegment } from '../../db/schema/index.ts';

/** The message centre's SQL (issue 21, decision 028). */

export interface MessageRow {
  id: number;
  appKey: string;
  audience: 'brand' | 'segment' | 'player';
  segment: MessageSegment | null;
  userId: number | null;
  messageType: 1 | 2 | 3;
  contentType: 1 | 2 | 3;
  texts: Record<string, MessageLocaleText>;
  buttons: MessageButton[];
  icons: string[];
  btnBkImage: string;
  turnTime: number;
  allowClose: boolean;
  isH5: boolean;
  popupLevel: number;
  createdAt: Date;
  expiresAt: Date | null;
  /** The event a product-written message is about (`payin:…`, `bonus:…`); null for what an operator publishes. */
  sourceRef: string | null;
  readed: boolean;
}

/** Who is reading: the player's own brand and attributes, so a message is matched against the account, not the request. */
export interface Reader {
  uid: number;
  appKey: string;
  lang: string;
  registered: boolean;
  currencies: string[];
  /** The country the client reports (common parameter lca_coun), upper case; "" when none. */
  country: string;
  /**
   * Whether the player may receive marketing now (safer play's `saferMarketingAllowed`, decision 027): false on a
   * time-out or self-exclusion, when only transactional messages are shown.
   */
  marketing: boolean;
}

interface RawMessage {
  id: string | number;
  app_key: string;
  audience: MessageRow['audience'];
  segment: MessageSegment | null;
  user_id: string | number | null;
  message_type: number;
  content_type: number;
  texts: Record<string, MessageLocaleText>;
  buttons: MessageButton[];
  icons: string[];
  btn_bk_image: string;
  turn_time: number;
  allow_close: boolean;
  is_h5: boolean;
  popup_level: number | string;
  created_at: Date | string;
  expires_at: Date | string | null;
  source_ref: string | null;
  readed: boolean;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function messageOf(row: RawMessage): MessageRow {
  return {
    id: Number(row.id),
    appKey: row.app_key,
    audience: row.audience,
    segment: row.segment === null ? null : json(row.segment),
    userId: row.user_id === null ? null : Number(row.user_id),
    messageType: Number(row.message_type) as 1 | 2 | 3,
    contentType: Number(row.content_type) as 1 | 2 | 3,
    texts: json(row.texts),
    buttons: json(row.buttons),
    icons: json(row.icons),
    btnBkImage: row.btn_bk_image,
    turnTime: Number(row.turn_time),
    allowClose: row.allow_close,
    isH5: row.is_h5,
    popupLevel: Number(row.popup_level),
    createdAt: date(row.created_at),
    expiresAt: row.expires_at === null ? null : date(row.expires_at),
    sourceRef: row.source_ref ?? null,
    readed: row.readed,
  };
}

/** The player's brand, language, whether registered, and the currencies they hold. */
export async function readerOf(db: DbOrTx, uid: number, country: string, marketing: boolean): Promise<Reader | undefined> {
  const [row] = await rowsOf<{ app_key: string; lang: string | null; registered: boolean; currencies: string[] | string | null }>(
    db,
    sql`select u.app_key, p.lang, (not u.visitor or p.email is not null) as registered,
          (select coalesce(json_agg(w.currency), '[]'::json) from wallets w where w.user_id = u.id) as currencies
        from users u left join account_profiles p on p.user_id = u.id where u.id = ${uid}`,
  );
  if (!row) return undefined;
  const currencies = row.currencies === null ? [] : json<string[]>(row.currencies);
  return { uid, appKey: row.app_key, lang: row.lang ?? '', registered: row.registered, currencies, country: country.toUpperCase(), marketing };
}

const list = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`null`
    : sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      );

/**
 * A transactional message: one the product wrote about the player's own money (deposit credited, withdrawal paid or
 * failed, bet won, bonus converted to cash). Everything else — whatever an operator publishes, and a bonus-granted
 * notice — is marketing, which a timed-out or self-excluded player never sees (decision 027).
 */
const TRANSACTIONAL = sql`(m.source_ref is not null and m.source_ref not like 'bonus:%')`;

/**
 * Messages the reader may see now: their brand's, not withdrawn, not expired, and addressed to the whole brand, to a
 * segment they match (every listed condition), or to them alone — and, while marketing is not allowed (time-out,
 * self-exclusion), only transactional ones. Another brand's or another player's never match.
 */
function visibleTo(reader: Reader, now: Date): SQL {
  const inSegment = (field: string, values: readonly string[]) =>
    sql`(jsonb_array_length(m.segment -> ${field}) = 0 or exists (select 1 from jsonb_array_elements_text(m.segment -> ${field}) s(v) where s.v in (${list(values)})))`;
  return sql`m.app_key = ${reader.appKey} and m.withdrawn_at is null and (m.expires_at is null or m.expires_at > ${now})
    ${reader.marketing ? sql`` : sql`and ${TRANSACTIONAL}`}
    and (m.user_id = ${reader.uid}
      or (m.audience = 'brand' and m.user_id is null)
      or (m.audience = 'segment' and m.user_id is null
        and ${inSegment('currencies', reader.currencies)}
        and ${inSegment('langs', reader.lang === '' ? [] : [reader.lang])}
        and ${inSegment('countries', reader.country === '' ? [] : [reader.country])}
        and (not (m.segment ->> 'registered_only')::boolean or ${reader.registered ? sql`true` : sql`false`})))`;
}

const SELECT = sql`select m.id, m.app_key, m.audience, m.segment, m.user_id, m.message_type, m.content_type, m.texts, m.buttons, m.icons,
  m.btn_bk_image, m.turn_time, m.allow_close, m.is_h5, m.popup_level, m.created_at, m.expires_at, m.source_ref, (r.user_id is not null) as readed
  from messages m left join message_reads r on r.message_id = m.id and r.user_id`;

/** A page of the reader's messages, unread first, then newest. */
export async function messagesPage(
  db: DbOrTx,
  reader: Reader,
  now: Date,
  filter: { haveRead?: boolean; topBarOnly?: boolean },
  offset: number,
  limit: number,
): Promise<MessageRow[]> {
  const read = filter.haveRead === undefined ? sql`` : filter.haveRead ? sql` and r.user_id is not null` : sql` and r.user_id is null`;
  const type = filter.topBarOnly ? sql` and m.message_type = 2` : sql``;
  const rows = await rowsOf<RawMessage>(
    db,
    sql`${SELECT} = ${reader.uid} where ${visibleTo(reader, now)}${read}${type}
        order by (r.user_id is not null), m.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map(messageOf);
}

/** The reader's unread pop-up messages (message_type 3), newest first; a read one never pops up again. */
export async function messagePopupsUnread(db: DbOrTx, reader: Reader, now: Date): Promise<MessageRow[]> {
  const rows = await rowsOf<RawMessage>(
    db,
    sql`${SELECT} = ${reader.uid} where ${visibleTo(reader, now)} and m.message_type = 3 and r.user_id is null order by m.id desc limit 10`,
  );
  return rows.map(messageOf);
}

export async function messageFind(db: DbOrTx, reader: Reader, now: Date, id: number): Promise<MessageRow | undefined> {
  const [row] = await rowsOf<RawMessage>(db, sql`${SELECT} = ${reader.uid} where m.id = ${id} and ${visibleTo(reader, now)}`);
  return row && messageOf(row);
}

export async function unreadCount(db: DbOrTx, reader: Reader, now: Date): Promise<number> {
  const [row] = await rowsOf<{ count: string | number }>(
    db,
    sql`select count(*) as count from messages m where ${visibleTo(reader, now)}
        and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = ${reader.uid})`,
  );
  return Number(row?.count ?? 0);
}

/** Marks read the listed messages the reader may see (all of them when `ids` is undefined); answers how many were new. */
export async function messagesRead(db: DbOrTx, reader: Reader, now: Date, ids: number[] | undefined): Promise<number> {
  const only =
    ids === undefined
      ? sql``
      : sql` and m.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const rows = await rowsOf<{ message_id: string }>(
    db,
    sql`insert into message_reads (message_id, user_id, read_at)
        select m.id, ${reader.uid}, ${now} from messages m where ${visibleTo(reader, now)}${only}
        on conflict do nothing returning message_id`,
  );
  return rows.length;
}

/** Whether any top-bar message the reader sees now allows closing the bar. */
export async function topBarClosable(db: DbOrTx, reader: Reader, now: Date): Promise<boolean> {
  const [row] = await rowsOf<{ found: number }>(
    db,
    sql`select 1 as found from messages m where ${visibleTo(reader, now)} and m.message_type = 2 and m.allow_close limit 1`,
  );
  return row !== undefined;
}

export async function topBarClosedAt(db: DbOrTx, uid: number): Promise<Date | undefined> {
  const [row] = await rowsOf<{ closed_at: Date | string }>(db, sql`select closed_at from message_top_bar_closes where user_id = ${uid}`);
  return row ? date(row.closed_at) : undefined;
}

export async function topBarCloseSet(db: DbOrTx, uid: number, now: Date): Promise<void> {
  await rowsOf(
    db,
    sql`insert into message_top_bar_closes (user_id, closed_at) values (${uid}, ${now})
        on conflict (user_id) do update set closed_at = excluded.closed_at`,
  );
}

export async function messageInsert(db: DbOrTx, row: typeof messages.$inferInsert): Promise<number | undefined> {
  const [inserted] = await db.insert(messages).values(row).onConflictDoNothing().returning({ id: messages.id });
  return inserted?.id;
}

/**
 * Withdraws a message (it stops showing at once); answers its brand and player (null for a brand or segment
 * message), or undefined when there is no such message.
 */
export async function messageWithdraw(db: DbOrTx, id: number, now: Date): Promise<{ appKey: string; userId: number | null } | undefined> {
  const [row] = await rowsOf<{ app_key: string; user_id: string | number | null }>(
    db,
    sql`update messages set withdrawn_at = coalesce(withdrawn_at, ${now}) where id = ${id} returning app_key, user_id`,
  );
  return row && { appKey: row.app_key, userId: row.user_id === null ? null : Number(row.user_id) };
}

/**
 * The brand's live messages to the whole brand or a segment (not withdrawn, not yet expired at `now`), for the
 * per-node cache (messages-cache.ts); `readed` is false here, the reader's read set fills it in.
 */
export async function brandMessagesLive(db: DbOrTx, appKey: string, now: Date): Promise<MessageRow[]> {
  const rows = await rowsOf<RawMessage>(
    db,
    sql`select m.id, m.app_key, m.audience, m.segment, m.user_id, m.message_type, m.content_type, m.texts, m.buttons, m.icons,
          m.btn_bk_image, m.turn_time, m.allow_close, m.is_h5, m.popup_level, m.created_at, m.expires_at, m.source_ref, false as readed
        from messages m where m.app_key = ${appKey} and m.user_id is null and m.withdrawn_at is null
          and (m.expires_at is null or m.expires_at > ${now})`,
  );
  return rows.map(messageOf);
}

/** The player's own live messages (audience player, events included) and the ids of every message they have read. */
export async function playerMessagesLive(db: DbOrTx, uid: number, now: Date): Promise<{ own: MessageRow[]; reads: Set<number> }> {
  const own = await rowsOf<RawMessage>(
    db,
    sql`select m.id, m.app_key, m.audience, m.segment, m.user_id, m.message_type, m.content_type, m.texts, m.buttons, m.icons,
          m.btn_bk_image, m.turn_time, m.allow_close, m.is_h5, m.popup_level, m.created_at, m.expires_at, m.source_ref, false as readed
        from messages m where m.user_id = ${uid} and m.withdrawn_at is null and (m.expires_at is null or m.expires_at > ${now})`,
  );
  const reads = await rowsOf<{ message_id: string | number }>(db, sql`select message_id from message_reads where user_id = ${uid}`);
  return { own: own.map(messageOf), reads: new Set(reads.map((row) => Number(row.message_id))) };
}

/**
 * The same rule as `visibleTo`, in memory, for the cached poll: brand, not expired, transactional only while
 * marketing is blocked, and addressed to the brand, a segment the reader matches, or the reader alone.
 */
export function visibleInMemory(row: MessageRow, reader: Reader, now: Date): boolean {
  if (row.appKey !== reader.appKey) return false;
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return false;
  if (!reader.marketing && (row.sourceRef === null || row.sourceRef.startsWith('bonus:'))) return false;
  if (row.userId !== null) return row.userId === reader.uid;
  if (row.audience === 'brand') return true;
  if (row.audience !== 'segment' || row.segment === null) return false;
  const inSegment = (listed: readonly string[], values: readonly string[]) => listed.length === 0 || listed.some((value) => values.includes(value));
  const segment = row.segment;
  return (
    inSegment(segment.currencies, reader.currencies) &&
    inSegment(segment.langs, reader.lang === '' ? [] : [reader.lang]) &&
    inSegment(segment.countries, reader.country === '' ? [] : [reader.country]) &&
    (!segment.registered_only || reader.registered)
  );
}

export async function userBrandOf(db: DbOrTx, uid: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ app_key: string }>(db, sql`select app_key from users where id = ${uid}`);
  return row?.app_key;
}
