import type { opsPushSendBody, pushRegister, pushReport } from '@piranha/contract';
import type * as z from 'zod/mini';
import { DEFAULT_LOCALE, LOCALES, variantFindByKey, type Locale } from '@piranha/domain';
import { randomUUID } from 'node:crypto';
import type { Urgency } from 'web-push';
import { AppError } from '../../app-error.ts';
import type { ApnsConfig, FcmConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { MessageLocaleText, PushPayload } from '../../db/schema/index.ts';
import type { RequestContext, SessionUser } from '../../plugins/request-context.ts';
import { userBrandOf } from '../messages/messages.repository.ts';
import {
  audienceSubscriptions,
  eventMessagesForPush,
  outboxClaim,
  outboxFinish,
  outboxInsert,
  outboxRetryAt,
  subscriptionCounts,
  subscriptionPrune,
  subscriptionSent,
  subscriptionsOfDeviceDelete,
  subscriptionUpsert,
  vapidKeysGetOrCreate,
  type OutboxClaimed,
  type OutboxInsert,
  type SubscriptionRow,
  type SubscriptionTarget,
} from './push.repository.ts';
import { APNS_TOKEN, apnsSenderCreate, apnsTopicOf, FCM_TOKEN, fcmSenderCreate, type ApnsSender, type FcmSender, type NativeResult } from './native-push.ts';

/** Web push (spec §3, §4, §7; issue 21, decision 035). */

export interface PushDeps {
  db: Db;
  now: () => Date;
  /** Origins (scheme://host[:port]) accepted as push endpoints beside the browsers' own push services (PUSH_ENDPOINT_ORIGINS). */
  extraOrigins: readonly string[];
  /** VAPID `sub` claim; unset: mailto: the brand's support address. */
  vapidSubject: string | undefined;
  /** Sends one request (the real `fetch` outside tests). */
  fetch?: typeof fetch;
  /** The Android shell's sender (decision 073); unset: PUSH_FCM_* not configured, fcm tokens are refused. */
  fcm?: FcmSender | undefined;
  /** The iOS shell's sender and the brands' bundle ids; unset: PUSH_APNS_* not configured, apns tokens are refused. */
  apns?: (ApnsSender & { topicOf: (appKey: string) => string | undefined }) | undefined;
}

/** The native senders of a deployment's push settings (one per app: each caches its access or provider token). */
export function pushNativeSenders(
  config: { fcm: FcmConfig | undefined; apns: ApnsConfig | undefined },
  fetchImpl?: typeof fetch,
): Pick<PushDeps, 'fcm' | 'apns'> {
  const apnsConfig = config.apns;
  return {
    fcm: config.fcm ? fcmSenderCreate(config.fcm, fetchImpl) : undefined,
    apns: apnsConfig ? { ...apnsSenderCreate(apnsConfig), topicOf: (appKey: string) => apnsTopicOf(apnsConfig, appKey) } : undefined,
  };
}

/**
 * The browsers' push services (RFC 8030 endpoints): Chrome, Opera, Samsung and Android browsers (FCM), Firefox
 * (autopush), Safari (Apple), Edge on Windows (WNS). Any other endpoint is refused: the server would POST to it.
 */
const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.apple\.com$/,
  /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/,
];

export function endpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

const b64 = (value: string): Buffer | undefined => (/^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : undefined);

/** A PushSubscription (its JSON) with a P-256 point and a 16-byte auth secret, or undefined. */
function subscriptionOf(token: string): { endpoint: string; p256dh: string; auth: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(token);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { endpoint, keys } = parsed as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== 'string' || endpoint.length > 2048 || typeof keys !== 'object' || keys === null) return undefined;
  if (typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string') return undefined;
  const point = b64(keys.p256dh);
  const auth = b64(keys.auth);
  if (!point || point.length !== 65 || point[0] !== 4 || !auth || auth.length !== 16) return undefined;
  return { endpoint, p256dh: point.toString('base64url'), auth: auth.toString('base64url') };
}

// --- VAPID --------------------------------------------------------------------------------------------------

/** web-push, loaded when a pair is first made or a push first sent, not with the server (decision 103). */
async function webPush() {
  return (await import('web-push')).default;
}

const vapidByDb = new WeakMap<Db, Promise<{ publicKey: string; privateKey: string }>>();

/** The deployment's VAPID pair: read from the database, made there once by the first node that asks (never logged). */
export function vapidKeys(deps: Pick<PushDeps, 'db' | 'now'>): Promise<{ publicKey: string; privateKey: string }> {
  let keys = vapidByDb.get(deps.db);
  if (!keys) {
    keys = vapidKeysGetOrCreate(deps.db, async () => (await webPush()).generateVAPIDKeys(), deps.now());
    keys.catch(() => vapidByDb.delete(deps.db));
    vapidByDb.set(deps.db, keys);
  }
  return keys;
}

export async function pushVapidKeyGet(deps: PushDeps) {
  return { public_key: (await vapidKeys(deps)).publicKey };
}

// --- The player's endpoints ---------------------------------------------------------------------------------

/** Which platform each native push type comes from: an Android shell has FCM tokens, an iOS shell APNs tokens. */
const NATIVE_PLATFORM = { fcm: 'android', apns: 'ios' } as const;

/** Reads one meta entry into what is stored, or throws the entry's error (nothing is stored unless every entry reads). */
function targetOf(
  deps: PushDeps,
  meta: z.output<typeof pushRegister.body>['meta'][number],
  index: number,
  platform: string,
  appKey: string,
): SubscriptionTarget {
  const field = `meta.${index}.token`;
  if (meta.token.trim() === '') throw new AppError('PUSH_TOKEN_EMPTY', { field });
  if (meta.push_type !== 'apns' && meta.topic !== undefined) throw new AppError('PUSH_APNS_TOPIC_INVALID', { field: `meta.${index}.topic` });
  if (meta.push_type === 'webpush') {
    const subscription = subscriptionOf(meta.token);
    if (!subscription) throw new AppError('PUSH_SUBSCRIPTION_INVALID', { field });
    if (!endpointAllowed(subscription.endpoint, deps.extraOrigins)) throw new AppError('PUSH_SERVICE_UNSUPPORTED', { field });
    return { kind: 'webpush', ...subscription };
  }
  if (platform !== NATIVE_PLATFORM[meta.push_type]) throw new AppError('PUSH_TYPE_PLATFORM_MISMATCH', { field: `meta.${index}.push_type` });
  if (meta.push_type === 'fcm') {
    if (!FCM_TOKEN.test(meta.token)) throw new AppError('PUSH_FCM_TOKEN_INVALID', { field });
    if (!deps.fcm) throw new AppError('PUSH_NATIVE_UNAVAILABLE', { field: `meta.${index}.push_type` });
    return { kind: 'fcm', token: meta.token };
  }
  if (!APNS_TOKEN.test(meta.token)) throw new AppError('PUSH_APNS_TOKEN_INVALID', { field });
  if (!deps.apns) throw new AppError('PUSH_NATIVE_UNAVAILABLE', { field: `meta.${index}.push_type` });
  const topic = deps.apns.topicOf(appKey);
  if (!topic) throw new AppError('PUSH_NATIVE_UNAVAILABLE', { field: `meta.${index}.push_type` });
  // The token belongs to the app that asked for it: another bundle id (another brand's app, a debug build) is refused.
  if (meta.topic !== topic) throw new AppError('PUSH_APNS_TOPIC_INVALID', { field: `meta.${index}.topic` });
  return { kind: 'apns', token: meta.token.toLowerCase(), topic };
}

export async function pushRegisterPost(deps: PushDeps, user: SessionUser, ctx: RequestContext, body: z.output<typeof pushRegister.body>) {
  const appKey = user.appKey ?? (await userBrandOf(deps.db, user.uid));
  if (!appKey) throw new AppError('SESSION_EXPIRED');
  const targets = body.meta.map((meta, index) => targetOf(deps, meta, index, body.platform, appKey));
  const now = deps.now();
  const ids = await transaction(deps.db, async (tx) => {
    const stored: number[] = [];
    for (const target of targets)
      stored.push(
        await subscriptionUpsert(
          tx,
          {
            userId: user.uid,
            appKey,
            target,
            deviceId: body.device_id,
            platform: body.platform,
            app: body.app ?? '',
            registrationId: body.id ?? '',
            version: body.version ?? '',
            model: body.model ?? '',
            rom: body.rom ?? '',
            country: (ctx.params.lca_coun ?? '').toUpperCase().slice(0, 2),
            lang: ctx.locale,
          },
          now,
        ),
      );
    return stored;
  });
  return { subscription_id: String(ids[0]), push_enabled: 1 as const };
}

export async function pushReportGet(deps: PushDeps, user: SessionUser, query: z.output<typeof pushReport.query>) {
  // A device whose permission is no longer granted cannot show a notification: its subscriptions go.
  if (query.permission !== 'granted') await subscriptionsOfDeviceDelete(deps.db, user.uid, query.device_id);
  const counts = await subscriptionCounts(deps.db, user.uid, query.device_id);
  return { permission: query.permission, push_enabled: counts.device > 0 ? (1 as const) : (0 as const), subscriptions: counts.all };
}

// --- What is sent -------------------------------------------------------------------------------------------

const DEFAULT_TTL_S = 86_400;

function localeOf(lang: string, appKey: string | undefined): Locale {
  if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  return (appKey && variantFindByKey(appKey)?.defaultLang) || DEFAULT_LOCALE;
}

/** The words in `lang`, else en-US (always written). */
function textsIn<T>(texts: Partial<Record<string, T>>, lang: Locale): T {
  return (texts[lang] ?? texts[DEFAULT_LOCALE])!;
}

/** Plain text of a body that may be sanitized HTML (a rich-text event message never is, but an operator's may be). */
const plain = (value: string) =>
  value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The in-app hash route a path opens: `/deposit` → `#/deposit`; an outside address is not a notification's link. */
export function hashRouteOf(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? `#${link}` : '#/message-center';
}

export async function opsPushSend(deps: PushDeps & { trigger: () => void }, body: z.output<typeof opsPushSendBody>) {
  if (!variantFindByKey(body.app_key)) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  if (body.audience.kind === 'player' && (await userBrandOf(deps.db, body.audience.uid)) !== body.app_key)
    throw new AppError('VALIDATION_FAILED', { field: 'audience.uid', issue: 'not_a_player_of_this_brand' });
  const now = deps.now();
  const sendId = randomUUID();
  // Self-excluded and timed-out players are left out here, and again when each row is sent (the block may start between).
  const targets = await audienceSubscriptions(deps.db, body.app_key, body.audience, now);
  const rows: OutboxInsert[] = targets.map((target) => {
    const locale = localeOf(target.lang, body.app_key);
    const words = textsIn(body.texts, locale);
    return {
      ref: `ops:${sendId}`,
      subscriptionId: target.id,
      userId: target.userId,
      marketing: true,
      payload: { id: `ops:${sendId}:${target.userId}`, title: words.title, body: words.body, link: hashRouteOf(body.link), lang: locale, source: 'operator' },
      ttlS: body.ttl_s ?? DEFAULT_TTL_S,
      urgency: body.urgency ?? 'normal',
    };
  });
  for (let start = 0; start < rows.length; start += 500) await outboxInsert(deps.db, rows.slice(start, start + 500), now);
  if (rows.length > 0) deps.trigger();
  return { push_id: sendId, subscriptions: rows.length, players: new Set(targets.map((target) => target.userId)).size };
}

/** How far back each pass looks for event messages (they are stamped with the pass that wrote them). */
export const PUSH_EVENTS_LOOKBACK_MS = 10 * 60_000;

/**
 * Queues a notification for each event message the product wrote (decision 028) to each subscription of its player:
 * the same events as the message centre, for the players who subscribed. A bonus notice is marketing.
 */
export async function pushEventsQueue(deps: Pick<PushDeps, 'db'>, now: Date): Promise<number> {
  const messages = await eventMessagesForPush(deps.db, new Date(now.getTime() - PUSH_EVENTS_LOOKBACK_MS), now);
  const rows: OutboxInsert[] = [];
  for (const message of messages) {
    for (const subscription of message.subscriptions) {
      const locale = localeOf(subscription.lang, undefined);
      const words: MessageLocaleText = textsIn(message.texts, locale);
      rows.push({
        ref: `msg:${message.id}`,
        subscriptionId: subscription.id,
        userId: message.userId,
        marketing: message.sourceRef.startsWith('bonus:'),
        payload: {
          id: `msg:${message.id}`,
          title: words.title,
          body: plain(words.content).slice(0, 300),
          link: hashRouteOf(message.link),
          lang: locale,
          source: message.sourceRef.split(':', 1)[0]!,
        },
        ttlS: DEFAULT_TTL_S,
        urgency: 'normal',
      });
    }
  }
  return outboxInsert(deps.db, rows, now);
}

/** A claimed row is leased this long: a node that dies mid-send leaves it to another after it. */
export const PUSH_LEASE_MS = 60_000;
const CLAIM_BATCH = 50;
const SEND_TIMEOUT_MS = 10_000;
/** Tries per notification before it is given up (429, 5xx, network). */
export const PUSH_MAX_ATTEMPTS = 5;
/** The wait before another try: 2, 4, 8, 16 min (always longer than a lease), or the service's Retry-After when longer. */
export const pushBackoffMs = (attempts: number) => Math.min(3_600_000, 120_000 * 2 ** (attempts - 1));

export interface DeliverySummary {
  sent: number;
  gone: number;
  failed: number;
  retried: number;
  suppressed: number;
}

/** What a web push answer means: 2xx sent, 404/410 gone, 429/5xx/no answer tried again, anything else failed. */
function webpushOutcome(status: number | null): NativeResult['outcome'] {
  if (status !== null && status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === null || status === 429 || status >= 500) return 'retry';
  return 'failed';
}

async function webpushSend(
  deps: PushDeps,
  row: OutboxClaimed,
  subscription: SubscriptionRow & { kind: 'webpush' },
  vapid: { publicKey: string; privateKey: string },
) {
  const subject = deps.vapidSubject ?? `mailto:${variantFindByKey(subscription.appKey)?.supportEmail ?? 'support@example.com'}`;
  // web-push builds the VAPID JWT and the aes128gcm body; the request is sent with fetch, which (unlike its
  // sendNotification, https.request only) also reaches an http:// endpoint allowed by PUSH_ENDPOINT_ORIGINS.
  const request = (await webPush()).generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(row.payload satisfies PushPayload),
    { vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey }, TTL: row.ttlS, urgency: row.urgency as Urgency },
  );
  try {
    const response = await (deps.fetch ?? fetch)(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body as Buffer,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: 'error',
    });
    const status = response.status;
    await response.body?.cancel();
    return { outcome: webpushOutcome(status), status, retryAfterS: Number(response.headers.get('retry-after')) || 0 };
  } catch {
    // No answer (network, timeout).
    return { outcome: 'retry' as const, status: null, retryAfterS: 0 };
  }
}

async function sendOne(deps: PushDeps, row: OutboxClaimed, vapid: { publicKey: string; privateKey: string }, summary: DeliverySummary, now: Date) {
  const subscription = row.subscription;
  if (!subscription) {
    await outboxFinish(deps.db, row.id, 'gone', null, now);
    summary.gone += 1;
    return;
  }
  if (row.marketing && row.blocked) {
    await outboxFinish(deps.db, row.id, 'suppressed', null, now);
    summary.suppressed += 1;
    return;
  }
  let result: NativeResult;
  if (subscription.kind === 'webpush') result = await webpushSend(deps, row, subscription, vapid);
  else {
    // A native token (decision 073). A platform configured away since the token was stored cannot be reached: the row
    // fails, and the token stays for when the platform is configured again.
    const sender = subscription.kind === 'fcm' ? deps.fcm : deps.apns;
    const message = {
      token: subscription.token,
      topic: subscription.kind === 'apns' ? subscription.topic : undefined,
      payload: row.payload,
      ttlS: row.ttlS,
      urgency: row.urgency,
    };
    result = sender ? await sender.send(message, now) : { outcome: 'failed', status: null, retryAfterS: 0 };
  }
  const { outcome, status, retryAfterS } = result;
  if (outcome === 'sent') {
    await outboxFinish(deps.db, row.id, 'sent', status, now);
    await subscriptionSent(deps.db, subscription.id, now);
    summary.sent += 1;
  } else if (outcome === 'gone') {
    // One transaction: a row seen as done always has its subscription pruned (another pass, or a crash between the
    // two writes, would otherwise see a finished row beside a subscription that still receives sends).
    await transaction(deps.db, async (tx) => {
      await outboxFinish(tx, row.id, 'gone', status, now);
      await subscriptionPrune(tx, subscription.id, now);
    });
    summary.gone += 1;
  } else if (outcome === 'retry' && row.attempts < PUSH_MAX_ATTEMPTS) {
    const wait = Math.max(pushBackoffMs(row.attempts), Math.min(retryAfterS, 3600) * 1000);
    await outboxRetryAt(deps.db, row.id, status, new Date(now.getTime() + wait));
    summary.retried += 1;
  } else {
    // 400 (bad request), 403 (credentials refused), 413 (too large) will not change by sending again; nor a last try.
    await outboxFinish(deps.db, row.id, 'failed', status, now);
    summary.failed += 1;
  }
}

/** One delivery pass: queues event notifications, then sends every due row in batches. */
export async function pushDeliverPass(deps: PushDeps): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, gone: 0, failed: 0, retried: 0, suppressed: 0 };
  await pushEventsQueue(deps, deps.now());
  const vapid = await vapidKeys(deps);
  for (let batch = 0; batch < 20; batch += 1) {
    const now = deps.now();
    const claimed = await outboxClaim(deps.db, now, new Date(now.getTime() + PUSH_LEASE_MS), CLAIM_BATCH);
    for (let start = 0; start < claimed.length; start += 10)
      await Promise.all(claimed.slice(start, start + 10).map((row) => sendOne(deps, row, vapid, summary, now)));
    if (claimed.length < CLAIM_BATCH) break;
  }
  return summary;
}
