import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';
import { matchOddsSchema } from './sports.ts';

/**
 * The real-time socket (issue 21, decision 036): a small pub/sub layer. The server publishes typed events to topics
 * after the facts behind them commit; a player's socket listens to their own topic and their brand's. Issues 16, 23
 * and 24 add topics (a Crash round, a match's odds) and event types here.
 *
 * The socket is a hint, never the record: every event tells the page what to read again (balance, bets, messages),
 * and the page polls as before when the socket is down (spec §9: chat retry 2 s × 10, then polling).
 */

/** Where the socket is: `url` from `chatRoomUrl`, relative to the page (wss: over https), valid for `expire_time`. */
export const REALTIME_PATH = '/ws';
/** The signed ticket's query parameter on `REALTIME_PATH`. */
export const REALTIME_TICKET_PARAM = 'ticket';
/** Seconds a signed socket URL may be used to connect (an open socket lives on). */
export const REALTIME_TICKET_TTL_S = 60;

/**
 * Topics: one per player (their account id), one per brand (its app key), and the brand's public odds (decision 075),
 * which a visitor's socket joins too.
 */
export const realtimeTopic = {
  player: (uid: number) => `player:${uid}`,
  brand: (appKey: string) => `brand:${appKey}`,
  odds: (appKey: string) => `odds:${appKey}`,
} as const;

/** The most matches one odds delta names; a node with more changed at once sends the versions only (the page refetches). */
export const ODDS_DELTA_MATCHES_MAX = 2_000;

const orderId = deferred(() => described(z.string().check(z.maxLength(64)), 'Order id'));

/**
 * Every event the socket carries. `type` names it; the rest is what the page needs to decide what to refresh —
 * never money figures or message text, which the page reads through the API where its session is checked.
 */
export const realtimeEventSchema = deferred(() =>
  z.discriminatedUnion('type', [
    /** Spec §4: opens the first-charge pop-up (priority 2) for a player who has not deposited yet. */
    z.object({ type: z.literal('first_charge_pop') }),
    /** Money rain (decision 052): a drop of the brand's rain opened now — the rain overlay reads it through the API. */
    z.object({ type: z.literal('money_rain'), rain_id: described(z.string(), 'The rain') }),
    /** Crash live (decision 071): the brand's shared round changed phase, or a player bet or cashed out — the game reads its state again. */
    z.object({
      type: z.literal('crash_live'),
      round_id: described(z.string().check(z.maxLength(40)), 'The shared round'),
      what: described(z.enum(['betting', 'flying', 'crashed', 'bet', 'cashout']), 'What happened'),
    }),
    /** Spec §4: a pop-up message was published for the player — the pop-up stack reads it now (a normal pop-up). */
    z.object({ type: z.literal('lucky_rounds'), message_id: described(z.string(), 'The pop-up message') }),
    /**
     * Money moved in or out of the player's cash or bonus wallet: any ledger transfer, told after its commit (decision
     * 041) — a deposit, a withdrawal, a settlement, a placement, a casino round, a bonus granted, unlocked or converted…
     */
    z.object({
      type: z.literal('balance_changed'),
      reason: described(
        z.enum(['deposit', 'withdrawal', 'bet_settled', 'bet_placed', 'casino', 'bonus', 'other']),
        'What moved it (the ledger transfer’s kind)',
      ),
      currency: text(8, 'The wallet currency'),
    }),
    /**
     * Decision 075: the matches whose status, score, clock period, main markets or suspension changed on the node's feed
     * between versions `from` and `to`, as the latest-odds poll answers them (main groups), and those that left the
     * feed. A page whose last delta did not end at `from` missed one and reads its lists again.
     */
    z.object({
      type: z.literal('odds_changed'),
      from: integer('The feed version of the previous delta this node sent'),
      to: integer('The feed version this delta brings the page to'),
      matches: described(z.array(matchOddsSchema).check(z.maxLength(ODDS_DELTA_MATCHES_MAX)), 'Changed matches (main groups)'),
      removed: described(z.array(z.number()).check(z.maxLength(ODDS_DELTA_MATCHES_MAX)), 'Match ids that left the feed'),
    }),
    /** A bet of the player was settled (or settled again after a corrected result). */
    z.object({ type: z.literal('bet_settled'), order_id: orderId }),
    /** A message reached the player (operator's or the product's own): the unread count and the centre read again. */
    z.object({
      type: z.literal('message_new'),
      message_id: described(z.string(), 'Message id'),
      message_type: described(z.union([z.literal(1), z.literal(2), z.literal(3)]), 'As in the message centre'),
    }),
  ]),
);
export type RealtimeEvent = z.output<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];

/** What the server writes on the socket: one JSON text frame per event. */
export interface RealtimeFrame {
  topic: string;
  event: RealtimeEvent;
}

/** Reads one text frame; undefined when it is not a known event (a newer server's type is ignored, not fatal). */
export function realtimeFrameParse(text: string): RealtimeFrame | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { topic, event } = raw as { topic?: unknown; event?: unknown };
  if (typeof topic !== 'string') return undefined;
  const parsed = realtimeEventSchema.safeParse(event);
  return parsed.success ? { topic, event: parsed.data } : undefined;
}

/**
 * Spec §7 "Chat room: GET /url": a signed URL of the socket for the signed-in player, bound to them and their brand,
 * usable for `REALTIME_TICKET_TTL_S`. It carries no session id: the ticket is an HMAC over the player, the brand, the
 * expiry and a nonce, with a key only the servers hold.
 */
export const chatRoomUrl = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/chat/url',
  host: 'main',
  auth: 'user',
  query: z.object({
    roomid: z.optional(described(z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/)), 'The room (only the player’s own room exists)')),
  }),
  body: described(z.undefined(), 'No body'),
  data: z.object({
    url: described(z.string(), 'The socket address relative to the page, e.g. /ws?ticket=…'),
    expire_time: integer('Unix seconds after which the URL no longer connects'),
  }),
}));

/**
 * Decision 075: a socket for anyone on the brand's site, signed in or not — its ticket names the brand (from the
 * request's app key) and joins the brand's public odds topic only. No session, no player: it is worth a minute of
 * public prices and nothing else.
 */
export const oddsSocketUrl = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/odds/socket-url',
  host: 'main',
  auth: 'none',
  query: z.object({}),
  body: described(z.undefined(), 'No body'),
  data: z.object({
    url: described(z.string(), 'The socket address relative to the page, e.g. /ws?ticket=…'),
    expire_time: integer('Unix seconds after which the URL no longer connects'),
  }),
}));
