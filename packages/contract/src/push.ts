import { endpoint } from './endpoint.ts';
import { brandKeySchema, MESSAGE_LOCALES, messageAudienceSchema } from './messages.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Web push (spec §3 Push registration, §4 Notification permission, §7 push register and report; issue 21, decision
 * 035). The browser subscribes with the deployment's VAPID public key (`vapid_key`), hands the subscription to
 * `register` as the token of a `webpush` meta entry, and reports its permission state to `report`. A native shell
 * registers its FCM (Android) or APNs (iOS) token the same way, as an `fcm` or `apns` entry (decision 073).
 */
const noBody = described(z.undefined(), 'No body');

/** `GET /api/push/vapid_key`: the deployment's VAPID public key, the `applicationServerKey` of `pushManager.subscribe`. */
export const pushVapidKey = endpoint(() => ({
  method: 'GET',
  path: '/api/push/vapid_key',
  host: 'main',
  auth: 'none',
  query: z.object({}),
  body: noBody,
  data: z.object({ public_key: described(z.string(), 'Uncompressed P-256 public key (65 bytes), base64url') }),
}));

const short = (max: number, description: string) => z.optional(described(z.string().check(z.maxLength(max)), description));

export const PUSH_TYPES = ['webpush', 'fcm', 'apns'] as const;

export const pushMetaSchema = deferred(() =>
  z.strictObject({
    token: described(
      z.string().check(z.maxLength(4096)),
      'For push_type webpush: the PushSubscription as JSON ({"endpoint","keys":{"p256dh","auth"}}); fcm: the Android shell’s FCM registration token; apns: the iOS shell’s device token in hex. An empty token is refused (Empty token!)',
    ),
    push_type: described(
      z.pipe(z.string(), z.enum(PUSH_TYPES)),
      'webpush (the browser’s Push API), fcm (Android shell, platform android) or apns (iOS shell, platform ios; decision 073)',
    ),
    topic: z.optional(
      described(z.string().check(z.maxLength(255)), 'apns only: the app’s bundle id (the APNs topic); it must be the one the brand is configured with'),
    ),
  }),
);

/** `POST /api/push/register` (spec §3 Push registration): stores this device's subscription for the signed-in player. */
export const pushRegister = endpoint(() => ({
  method: 'POST',
  path: '/api/push/register',
  host: 'main',
  auth: 'user',
  query: z.object({}),
  body: z.strictObject({
    platform: described(z.pipe(z.string(), z.enum(['web', 'pwa', 'android', 'ios'])), 'Where the app runs'),
    app: short(64, 'App name'),
    id: short(128, 'The registration id the client keeps (free text)'),
    version: short(32, 'Client version'),
    device_id: described(z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w.:-]+$/)), 'The device (browser) id'),
    model: short(128, 'Device model'),
    rom: short(128, 'Operating system'),
    meta: z.array(pushMetaSchema).check(z.minLength(1), z.maxLength(4)),
  }),
  data: z.object({
    subscription_id: described(z.string(), 'The stored subscription'),
    push_enabled: z.literal(1),
  }),
}));

/**
 * `GET /api/user/info/push/report` (spec §4: on success the client reports the push): the browser's notification
 * permission on this device. `denied` or `default` drops the device's subscriptions (they can no longer show).
 */
export const pushReport = endpoint(() => ({
  method: 'GET',
  path: '/api/user/info/push/report',
  host: 'main',
  auth: 'user',
  query: z.object({
    permission: described(z.enum(['default', 'granted', 'denied']), 'Notification.permission on this device'),
    device_id: described(z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w.:-]+$/)), 'The device (browser) id'),
  }),
  body: noBody,
  data: z.object({
    permission: z.enum(['default', 'granted', 'denied']),
    push_enabled: described(z.union([z.literal(0), z.literal(1)]), '1 while this device has a subscription the server sends to'),
    subscriptions: integer('The player’s subscriptions on every device', { min: 0 }),
  }),
}));

// --- Operators (behind OPS_TOKEN) ------------------------------------------------------------------------

const pushText = deferred(() => z.strictObject({ title: text(80, 'Notification title'), body: text(300, 'Notification body') }));
const perLocale = <T extends z.ZodMiniType>(schema: T) =>
  z.strictObject({
    'en-US': schema,
    'es-MX': z.optional(schema),
    'pt-BR': z.optional(schema),
    'ru-RU': z.optional(schema),
    'vm-VI': z.optional(schema),
    'vm-TH': z.optional(schema),
    'zh-CN': z.optional(schema),
    'ms-MY': z.optional(schema),
  });
export const PUSH_LOCALES = MESSAGE_LOCALES;

/** `POST /api/ops/push/send`: a notification to a player, a segment or a whole brand (the message centre's audiences). */
export const opsPushSendBody = deferred(() =>
  z.strictObject({
    app_key: brandKeySchema,
    audience: messageAudienceSchema,
    texts: perLocale(pushText),
    link: described(z.string().check(z.minLength(1), z.maxLength(512), z.regex(/^\/[\w\-./?=&%]*$/)), 'The in-app path the notification opens (/deposit)'),
    ttl_s: z.optional(integer('Seconds the push service keeps it for an offline device (default 86400)', { min: 0, max: 2_419_200 })),
    urgency: z.optional(z.enum(['very-low', 'low', 'normal', 'high'])),
  }),
);
