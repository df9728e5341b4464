import type * as z from 'zod/mini';

/** Which host serves a call (spec §7: hosts differ per service). */
export type ServiceHost = 'main' | 'account' | 'area' | 'tracking' | 'cdn';

/**
 * One call of the API: where it lives, what it takes and what it answers. The server registers routes
 * from these; the client calls through them; neither repeats a path or a shape.
 */
export type AuthMode = 'none' | 'optional' | 'user';

export interface Endpoint<
  Query extends z.ZodMiniType = z.ZodMiniType,
  Body extends z.ZodMiniType = z.ZodMiniType,
  Data extends z.ZodMiniType = z.ZodMiniType,
  Auth extends AuthMode = AuthMode,
> {
  method: 'GET' | 'POST';
  path: string;
  host: ServiceHost;
  query: Query;
  body: Body;
  data: Data;
  /** 'user' answers 604 without a live session; 'optional' reads a session when present. */
  auth: Auth;
  /** POSTs that create or move something take an Idempotency-Key (required when 'required'). */
  idempotency?: 'optional' | 'required';
  /**
   * Moves the signed-in player's money out of their control (a bet, a cash-out, a withdrawal, a game launch): a
   * session idle longer than the brand allows must sign in again first (dm_error 1031, spec §4).
   */
  moneyAction?: true;
  /**
   * A GET polled for an answer that rarely changes, sent with an ETag: the client keeps its last answer and asks again
   * with If-None-Match, so an unchanged poll costs a 304 without a body (the player's mobile data, the server's CPU).
   */
  revalidate?: true;
}

export type EndpointQuery<E extends Endpoint> = z.input<E['query']>;
export type EndpointBody<E extends Endpoint> = z.input<E['body']>;
export type EndpointData<E extends Endpoint> = z.output<E['data']>;

/** Every property of an `Endpoint`; the record below makes the compiler name one added to the interface. */
const ENDPOINT_KEYS = Object.keys({
  method: 0,
  path: 0,
  host: 0,
  query: 0,
  body: 0,
  data: 0,
  auth: 0,
  idempotency: 0,
  moneyAction: 0,
  revalidate: 0,
} satisfies Record<keyof Endpoint, 0>) as (keyof Endpoint)[];

/**
 * An endpoint from its definition, or from a function answering it: then the definition — its zod schemas above all —
 * is built when a property is first read (a call, a route's registration), not when the module loads. The contract
 * writes every endpoint so: the web app's boot evaluated every schema of every endpoint its first chunk names, most
 * never called on the first screen, in one long task (decision 079).
 */
// Calling it has no effect but the endpoint it answers: a bundle drops an endpoint nothing calls.
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<Q extends z.ZodMiniType, B extends z.ZodMiniType, D extends z.ZodMiniType, const A extends AuthMode>(
  definition: Endpoint<Q, B, D, A> | (() => Endpoint<Q, B, D, A>),
): Endpoint<Q, B, D, A> {
  if (typeof definition !== 'function') return definition;
  let built: Endpoint<Q, B, D, A> | undefined;
  const lazy = {} as Endpoint<Q, B, D, A>;
  for (const key of ENDPOINT_KEYS) Object.defineProperty(lazy, key, { enumerable: true, get: () => (built ??= definition())[key] });
  return lazy;
}
