import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { MessageLocaleText, PushPayload } from '../../db/schema/index.ts';
import { saferBlockedSql } from '../safer-play/safer-play.repository.ts';

/** Web push's SQL (issue 21, decision 035). */

/** Where a registration's notifications go: a browser's push service, or a native shell's token (decision 073). */
export type SubscriptionTarget =
  { kind: 'webpush'; endpoint: string; p256dh: string; auth: string } | { kind: 'fcm'; token: string } | { kind: 'apns'; token: string; topic: string };

export type SubscriptionRow = { id: number; userId: number; appKey: string } & SubscriptionTarget;

/** The stored VAPID pair, made by whichever node asks first; a second maker's insert is dropped and it reads the first's. */
export async function vapidKeysGetOrCreate(db: DbOrTx, make: () => Promise<{ publicKey: string; privateKey: string }>, now: Date) {
  const [found] = await rowsOf<{ public_key: string; private_key: string }>(db, sql`select public_key, private_key from push_vapid_keys where id = 1`);
  if (found) return { publicKey: found.public_key, privateKey: found.private_key };
  const made = await make();
  await rowsOf(
    db,
    sql`insert into push_vapid_keys (id, public_key, private_key, created_at) values (1, ${made.publicKey}, ${made.privateKey}, ${now}) on conflict (id) do nothing`,
  );
  const [row] = await rowsOf<{ public_key: string; private_key: string }>(db, sql`select public_key, private_key from push_vapid_keys where id = 1`);
  return { publicKey: row!.public_key, privateKey: row!.private_key };
}

export interface SubscriptionInput {
  userId: number;
  appKey: string;
  target: SubscriptionTarget;
  deviceId: string;
  platform: string;
  app: string;
  registrationId: string;
  version: string;
  model: string;
  rom: string;
  country: string;
  lang: string;
}

/** The most subscriptions one player keeps (browsers and devices); the oldest go first. */
export const SUBSCRIPTIONS_PER_PLAYER = 10;

/**
 * Stores a subscription (an endpoint or native token registered again — the same device, maybe now signed in as
 * another player — moves to this player with its new details) and keeps the player's newest SUBSCRIPTIONS_PER_PLAYER.
 */
export async function subscriptionUpsert(db: DbOrTx, input: SubscriptionInput, now: Date): Promise<number> {
  const target = input.target;
  const endpoint = target.kind === 'webpush' ? target.endpoint : null;
  const p256dh = target.kind === 'webpush' ? target.p256dh : null;
  const auth = target.kind === 'webpush' ? target.auth : null;
  const token = target.kind === 'webpush' ? null : target.token;
  const topic = target.kind === 'apns' ? target.topic : null;
  // A browser's row is keyed by its endpoint, a shell's by its kind and token (push_subscriptions_kind_token_key).
  const conflict = target.kind === 'webpush' ? sql`(endpoint)` : sql`(kind, token)`;
  const [row] = await rowsOf<{ id: string | number }>(
    db,
    sql`insert into push_subscriptions (user_id, app_key, kind, endpoint, p256dh, auth, token, topic, device_id, platform, app, registration_id,
          version, model, rom, country, lang, created_at, updated_at)
        values (${input.userId}, ${input.appKey}, ${target.kind}, ${endpoint}, ${p256dh}, ${auth}, ${token}, ${topic}, ${input.deviceId},
          ${input.platform}, ${input.app}, ${input.registrationId}, ${input.version}, ${input.model}, ${input.rom}, ${input.country}, ${input.lang},
          ${now}, ${now})
        on conflict ${conflict} do update set user_id = excluded.user_id, app_key = excluded.app_key, p256dh = excluded.p256dh,
          auth = excluded.auth, topic = excluded.topic, device_id = excluded.device_id, platform = excluded.platform, app = excluded.app,
          registration_id = excluded.registration_id, version = excluded.version, model = excluded.model, rom = excluded.rom,
          country = excluded.country, lang = excluded.lang, updated_at = excluded.updated_at
        returning id`,
  );
  // The device's older registrations of this kind (a browser that subscribed again got a new endpoint, a shell's
  // token was rotated) can no longer show anything.
  await rowsOf(
    db,
    sql`delete from push_subscriptions where user_id = ${input.userId} and device_id = ${input.deviceId} and kind = ${target.kind} and id <> ${Number(row!.id)}`,
  );
  await rowsOf(
    db,
    sql`delete from push_subscriptions where user_id = ${input.userId} and id not in
          (select id from push_subscriptions where user_id = ${input.userId} order by updated_at desc, id desc limit ${SUBSCRIPTIONS_PER_PLAYER})`,
  );
  return Number(row!.id);
}

export async function subscriptionsOfDeviceDelete(db: DbOrTx, userId: number, deviceId: string): Promise<number> {
  const rows = await rowsOf(db, sql`delete from push_subscriptions where user_id = ${userId} and device_id = ${deviceId} returning id`);
  return rows.length;
}

export async function subscriptionCounts(db: DbOrTx, userId: number, deviceId: string): Promise<{ all: number; device: number }> {
  const [row] = await rowsOf<{ all: string | number; device: string | number }>(
    db,
    sql`select count(*) as all, count(*) filter (where device_id = ${deviceId}) as device from push_subscriptions where user_id = ${userId}`,
  );
  return { all: Number(row?.all ?? 0), device: Number(row?.device ?? 0) };
}

/** The audience of an operator send, as in the message centre (decision 028): a brand, a segment of it, one player. */
export type PushAudience =
  | { kind: 'brand' }
  | {
      kind: 'segment';
      currencies?: string[] | undefined;
      langs?: string[] | undefined;
      countries?: string[] | undefined;
      registered_only?: boolean | undefined;
    }
  | { kind: 'player'; uid: number };

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** SQL true when the subscription `s` (with its account `u`) belongs to the audience; always inside the brand `appKey`. */
function audienceSql(appKey: string, audience: PushAudience): SQL {
  const brand = sql`u.app_key = ${appKey} and s.app_key = ${appKey}`;
  if (audience.kind === 'brand') return brand;
  if (audience.kind === 'player') return sql`${brand} and s.user_id = ${audience.uid}`;
  const parts: SQL[] = [brand];
  if (audience.currencies?.length)
    parts.push(sql`exists (select 1 from wallets w where w.user_id = s.user_id and w.currency in (${list(audience.currencies)}))`);
  if (audience.langs?.length) parts.push(sql`coalesce(nullif(p.lang, ''), nullif(s.lang, '')) in (${list(audience.langs)})`);
  if (audience.countries?.length) parts.push(sql`upper(s.country) in (${list(audience.countries)})`);
  if (audience.registered_only) parts.push(sql`(not u.visitor or p.email is not null)`);
  return sql.join(parts, sql` and `);
}

/** The subscriptions an operator send reaches, with each player's language (profile first, else the one it registered with). */
export async function audienceSubscriptions(
  db: DbOrTx,
  appKey: string,
  audience: PushAudience,
  now: Date,
): Promise<{ id: number; userId: number; lang: string }[]> {
  const rows = await rowsOf<{ id: string | number; user_id: string | number; lang: string | null }>(
    db,
    sql`select s.id, s.user_id, coalesce(nullif(p.lang, ''), s.lang) as lang
        from push_subscriptions s join users u on u.id = s.user_id left join account_profiles p on p.user_id = s.user_id
        where ${audienceSql(appKey, audience)} and not ${saferBlockedSql(sql`s.user_id`, now)}
        order by s.id`,
  );
  return rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), lang: row.lang ?? '' }));
}

export interface OutboxInsert {
  ref: string;
  subscriptionId: number;
  userId: number;
  marketing: boolean;
  payload: PushPayload;
  ttlS: number;
  urgency: string;
}

/** Queues notifications; one per (ref, subscription) ever, so a pass repeated queues nothing new. Answers how many were new. */
export async function outboxInsert(db: DbOrTx, rows: readonly OutboxInsert[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.ref}, ${row.subscriptionId}, ${row.userId}, ${row.marketing}, ${JSON.stringify(row.payload)}::jsonb, ${row.ttlS}, ${row.urgency}, 'pending', 0, ${now}, ${now})`,
    ),
    sql`, `,
  );
  const inserted = await rowsOf(
    db,
    sql`insert into push_outbox (ref, subscription_id, user_id, marketing, payload, ttl_s, urgency, status, attempts, next_at, created_at)
        values ${values} on conflict (ref, subscription_id) do nothing returning id`,
  );
  return inserted.length;
}

export interface EventMessageForPush {
  id: number;
  userId: number;
  sourceRef: string;
  texts: Record<string, MessageLocaleText>;
  link: string;
  subscriptions: { id: number; lang: string }[];
}

/**
 * The product's event messages (decision 028: deposit credited, payout paid or failed, bet won, bonus granted or
 * unlocked) written in [from, to] to players who have a subscription, with those subscriptions.
 */
export async function eventMessagesForPush(db: DbOrTx, from: Date, to: Date): Promise<EventMessageForPush[]> {
  const rows = await rowsOf<{
    id: string | number;
    user_id: string | number;
    source_ref: string;
    texts: Record<string, MessageLocaleText> | string;
    buttons: { link: string }[] | string;
    subscription_id: string | number;
    lang: string | null;
  }>(
    db,
    sql`select m.id, m.user_id, m.source_ref, m.texts, m.buttons, s.id as subscription_id, coalesce(nullif(p.lang, ''), s.lang) as lang
        from messages m join push_subscriptions s on s.user_id = m.user_id left join account_profiles p on p.user_id = m.user_id
        where m.source_ref is not null and m.user_id is not null and m.withdrawn_at is null and m.created_at >= ${from} and m.created_at <= ${to}
          and not exists (select 1 from push_outbox o where o.ref = 'msg:' || m.id and o.subscription_id = s.id)
        order by m.id, s.id limit 2000`,
  );
  const byMessage = new Map<number, EventMessageForPush>();
  for (const row of rows) {
    const id = Number(row.id);
    let entry = byMessage.get(id);
    if (!entry) {
      const buttons = typeof row.buttons === 'string' ? (JSON.parse(row.buttons) as { link: string }[]) : row.buttons;
      entry = {
        id,
        userId: Number(row.user_id),
        sourceRef: row.source_ref,
        texts: typeof row.texts === 'string' ? (JSON.parse(row.texts) as Record<string, MessageLocaleText>) : row.texts,
        link: buttons[0]?.link ?? '/message-center',
        subscriptions: [],
      };
      byMessage.set(id, entry);
    }
    entry.subscriptions.push({ id: Number(row.subscription_id), lang: row.lang ?? '' });
  }
  return [...byMessage.values()];
}

export interface OutboxClaimed {
  id: number;
  ref: string;
  userId: number;
  marketing: boolean;
  payload: PushPayload;
  ttlS: number;
  urgency: string;
  attempts: number;
  subscription: SubscriptionRow | undefined;
  blocked: boolean;
}

/**
 * Claims up to `limit` due rows: each gets a lease (`next_at` moves to `leaseUntil`) in the same statement that
 * picks it, skipping rows another node holds, so no row is sent by two nodes at once.
 */
export async function outboxClaim(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<OutboxClaimed[]> {
  const rows = await rowsOf<{
    id: string | number;
    ref: string;
    user_id: string | number;
    marketing: boolean;
    payload: OutboxClaimed['payload'] | string;
    ttl_s: number;
    urgency: string;
    attempts: number;
    s_id: string | number | null;
    app_key: string | null;
    kind: SubscriptionTarget['kind'] | null;
    endpoint: string | null;
    p256dh: string | null;
    auth: string | null;
    token: string | null;
    topic: string | null;
    blocked: boolean;
  }>(
    db,
    sql`with claimed as (
          update push_outbox o set attempts = o.attempts + 1, next_at = ${leaseUntil}
          where o.id in (select id from push_outbox where status = 'pending' and next_at <= ${now} order by next_at, id limit ${limit} for update skip locked)
          returning o.id, o.ref, o.user_id, o.marketing, o.payload, o.ttl_s, o.urgency, o.attempts, o.subscription_id)
        select c.id, c.ref, c.user_id, c.marketing, c.payload, c.ttl_s, c.urgency, c.attempts,
          s.id as s_id, s.app_key, s.kind, s.endpoint, s.p256dh, s.auth, s.token, s.topic, ${saferBlockedSql(sql`c.user_id`, now)} as blocked
        from claimed c left join push_subscriptions s on s.id = c.subscription_id and s.user_id = c.user_id
        order by c.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    ref: row.ref,
    userId: Number(row.user_id),
    marketing: row.marketing,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as OutboxClaimed['payload']) : row.payload,
    ttlS: Number(row.ttl_s),
    urgency: row.urgency,
    attempts: Number(row.attempts),
    subscription: row.s_id === null ? undefined : { id: Number(row.s_id), userId: Number(row.user_id), appKey: row.app_key!, ...targetOfRow(row) },
    blocked: row.blocked,
  }));
}

function targetOfRow(row: {
  kind: SubscriptionTarget['kind'] | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  token: string | null;
  topic: string | null;
}): SubscriptionTarget {
  if (row.kind === 'fcm') return { kind: 'fcm', token: row.token! };
  if (row.kind === 'apns') return { kind: 'apns', token: row.token!, topic: row.topic! };
  return { kind: 'webpush', endpoint: row.endpoint!, p256dh: row.p256dh!, auth: row.auth! };
}

export async function outboxFinish(
  db: DbOrTx,
  id: number,
  status: 'sent' | 'gone' | 'failed' | 'suppressed',
  httpStatus: number | null,
  now: Date,
): Promise<void> {
  await rowsOf(db, sql`update push_outbox set status = ${status}, last_status = ${httpStatus}, done_at = ${now} where id = ${id} and status = 'pending'`);
}

export async function outboxRetryAt(db: DbOrTx, id: number, httpStatus: number | null, at: Date): Promise<void> {
  await rowsOf(db, sql`update push_outbox set next_at = ${at}, last_status = ${httpStatus} where id = ${id} and status = 'pending'`);
}

/** A subscription its push service says is gone (404/410): deleted, and what was still queued for it ends as gone. */
export async function subscriptionPrune(db: DbOrTx, subscriptionId: number, now: Date): Promise<void> {
  await rowsOf(db, sql`delete from push_subscriptions where id = ${subscriptionId}`);
  await rowsOf(db, sql`update push_outbox set status = 'gone', done_at = ${now} where subscription_id = ${subscriptionId} and status = 'pending'`);
}

export async function subscriptionSent(db: DbOrTx, subscriptionId: number, now: Date): Promise<void> {
  await rowsOf(db, sql`update push_subscriptions set last_sent_at = ${now} where id = ${subscriptionId}`);
}
