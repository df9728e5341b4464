import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * The tracking event catalogue (issue 25, decision 030). Clients report what the player did through
 * `POST /api/v1/component/ad/md/upload` (report.ts); the server stores only the names below. Money and bet facts are
 * never taken from a client: the funnel reads them from the server's own tables (accounts, payment orders, bets), and
 * an upload naming one of `TRACKING_SERVER_EVENTS` is ignored.
 */
export const TRACKING_CLIENT_EVENTS = [
  'page_view',
  'sign_up_started',
  'sign_up_completed',
  'login',
  'deposit_started',
  'bet_placed',
  'cash_out',
  'game_launched',
  'push_opened',
  'ab_assigned',
] as const;
export type TrackingClientEvent = (typeof TRACKING_CLIENT_EVENTS)[number];

/**
 * Facts only the server knows; a client event with one of these names is dropped, never stored. `game_round` is
 * what a player's journey (`GET /api/ops/tracking/events?uid=`) shows for each round the seamless wallet took a bet
 * for, read from the wallet's own rows (decision 033).
 */
export const TRACKING_SERVER_EVENTS = ['deposit_credited', 'first_deposit', 'bet_settled', 'bonus_granted', 'bonus_unlocked', 'game_round'] as const;
export type TrackingServerEvent = (typeof TRACKING_SERVER_EVENTS)[number];

const CLIENT_EVENT_NAMES: ReadonlySet<string> = new Set(TRACKING_CLIENT_EVENTS);
export function isTrackingClientEvent(name: string): name is TrackingClientEvent {
  return CLIENT_EVENT_NAMES.has(name);
}

/**
 * How each client event is emitted (decision 030/033): `page_view` on every route change; sign-up and login events
 * when the account call succeeds (`method`: email, email_code, google, telegram; a Google or Telegram sign-in that
 * created the account — `first_regist` 1 — is `sign_up_completed`); `ab_assigned` once per visit for every dynconfig
 * key (`arm` A/B for an experiment, on/off for a switch); `push_opened` by the web-push service worker's
 * `notificationclick` handler, which opens the app with `?push=<source>` where the app records it once
 * (`source`: the push's type, e.g. first_charge_pop, lucky_rounds, message; never its text).
 *
 * Parameters each client event may carry. Nothing else is sent: no e-mail, phone, name, session or amount the
 * player typed — the user id travels as the session (the server reads it), never in the event.
 */
export type TrackingParams = {
  page_view: { page: string };
  sign_up_started: { method: string };
  sign_up_completed: { method: string };
  login: { method: string };
  deposit_started: { channel: string; currency: string };
  bet_placed: { kind: string; count: number };
  cash_out: { full: boolean };
  game_launched: { game_id: string; platform: string };
  push_opened: { source: string };
  ab_assigned: { key: string; arm: string };
};

/** The parameter names each event may keep; the server drops any other a client sends (an e-mail, a phone…). */
export const TRACKING_PARAM_KEYS: { readonly [E in TrackingClientEvent]: readonly (keyof TrackingParams[E])[] } = {
  page_view: ['page'],
  sign_up_started: ['method'],
  sign_up_completed: ['method'],
  login: ['method'],
  deposit_started: ['channel', 'currency'],
  bet_placed: ['kind', 'count'],
  cash_out: ['full'],
  game_launched: ['game_id', 'platform'],
  push_opened: ['source'],
  ab_assigned: ['key', 'arm'],
};

/** Only the catalogue's parameters of `event`, in the catalogue's order. */
export function trackingParamsKept(event: TrackingClientEvent, params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of TRACKING_PARAM_KEYS[event] as readonly string[]) if (Object.hasOwn(params, key)) kept[key] = params[key];
  return kept;
}

/**
 * Uploads per minute (each carries up to 50 events); beyond them the call answers RATE_LIMITED. A signed-in player
 * has their own budget; an address has a larger one, shared by every visitor behind it (carrier NAT).
 */
export const TRACKING_UPLOADS_PER_MINUTE = 30;
export const TRACKING_UPLOADS_PER_ADDRESS_PER_MINUTE = 600;

/** Longest span the funnel answers in one call, in days. */
export const FUNNEL_DAYS_MAX = 92;

const day = deferred(() => described(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), 'UTC day, YYYY-MM-DD'));

/** `GET /api/ops/tracking/funnel` and `GET /ops/funnel` (behind OPS_TOKEN): one brand, a span of UTC days. */
export const opsFunnelQuery = deferred(() =>
  z.strictObject({
    app_key: text(64, 'Brand (app key)'),
    from: day,
    to: day,
  }),
);
export type OpsFunnelQuery = z.output<typeof opsFunnelQuery>;

export const funnelGgrSchema = deferred(() =>
  z.object({
    currency: text(8, 'Currency'),
    stakes_minor: integer('Stakes of bets placed that day, minor units'),
    returns_minor: integer('What those bets returned so far (payouts and cash-outs), minor units'),
    ggr_minor: integer('Stakes less returns'),
  }),
);

export const funnelDaySchema = deferred(() =>
  z.object({
    day,
    visits: integer('Distinct visitors with a page view'),
    sign_ups: integer('Accounts created'),
    first_deposits: integer('Players whose first credited deposit was that day'),
    depositors: integer('Players with a credited deposit that day'),
    bets: integer('Bets accepted (not rejected)'),
    ggr: z.array(funnelGgrSchema),
  }),
);
export type FunnelDay = z.output<typeof funnelDaySchema>;

/** One arm of one experiment over the whole span: the visitors assigned to it and how far the players among them went. */
export const funnelArmSchema = deferred(() =>
  z.object({
    key: text(64, 'Dynconfig key, e.g. ui_v3_ab'),
    arm: text(16, 'Arm assigned'),
    visitors: integer('Distinct visitors assigned'),
    sign_ups: integer('Of their players, those who registered in the span'),
    depositors: integer('Of their players, those with a credited deposit in the span'),
    first_deposits: integer('Of their players, those whose first credited deposit fell in the span'),
    bets: integer('Bets their players placed in the span (not rejected)'),
  }),
);
export type FunnelArm = z.output<typeof funnelArmSchema>;

/** `GET /api/ops/tracking/events` (behind OPS_TOKEN): one visitor's or player's stored events, oldest first. */
export const opsTrackingEventsQuery = deferred(() =>
  z.strictObject({
    app_key: text(64, 'Brand (app key)'),
    visitor: z.optional(described(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)), 'Install (visitor) id')),
    uid: z.optional(described(z.string().check(z.regex(/^[1-9]\d{0,17}$/)), 'Player id')),
  }),
);
export type OpsTrackingEventsQuery = z.output<typeof opsTrackingEventsQuery>;

/** Events one such call answers at most (the oldest first). */
export const OPS_TRACKING_EVENTS_MAX = 500;
