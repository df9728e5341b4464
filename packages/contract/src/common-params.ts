import { deferred, described, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * The parameters every request carries (spec §7). All optional on the wire: a first visit has no uid or sid.
 * Unknown extras are ignored here; each endpoint's own schema decides whether it accepts them. Each has its longest
 * accepted text (none for `p`, dropped rather than refused when long) and its meaning.
 */
const COMMON_PARAMS = {
  ik_appid: [256, 'App id of the variant'],
  lca_coun: [8, 'Country code the client believes it is in'],
  app_group: [256, 'Variant group'],
  cv: [256, 'Client version, prefixed by the variant client-version prefix'],
  currency: [8, 'Currency the client displays'],
  lca_lang: [16, 'Locale or short language code (ENG, PT…)'],
  uid: [32, 'User id; the string "null" means none. Read from the session-uid header first; ignored over HTTPS (the __Host-uid cookie)'],
  sid: [128, 'Session id. Read from the session-sid header first; ignored over HTTPS (the __Host-sid cookie)'],
  smid: [128, 'Device id: names the device, never proves who the player is'],
  uuid: [256, 'Install id'],
  afid: [256, 'Attribution id'],
  from_email: [256, 'Marks traffic from an e-mail link'],
  _t: [32, 'Client timestamp in ms, cache buster'],
  osversion: [256, 'Operating-system version'],
  p: [undefined, 'Opaque pass-through; dropped when longer than 100 characters'],
} as const satisfies Record<string, readonly [number | undefined, string]>;
type CommonParamName = keyof typeof COMMON_PARAMS;

function commonParamSchema([max, description]: readonly [number | undefined, string]) {
  return z.optional(max === undefined ? described(z.string(), description) : text(max, description));
}

export const commonParamsSchema = deferred(() =>
  z.object(
    Object.fromEntries(Object.entries(COMMON_PARAMS).map(([name, param]) => [name, commonParamSchema(param)])) as Record<
      CommonParamName,
      ReturnType<typeof commonParamSchema>
    >,
  ),
);

export type CommonParams = z.infer<typeof commonParamsSchema>;

/** The common parameters' names, in the order a request lists them; reading them builds no schema (decision 091). */
export const COMMON_PARAM_NAMES = Object.keys(COMMON_PARAMS) as CommonParamName[];

/** The client timestamp's own schema (the server checks it apart, to drop a malformed one alone). */
export const commonTimestampSchema = deferred(() => commonParamSchema(COMMON_PARAMS._t));

/** Spec §7: uid is a number; a string is converted; 'null' means no user. */
export function uidParse(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '' || value === 'null') return undefined;
  const uid = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(uid) && uid > 0 ? uid : undefined;
}

/** Headers every request carries. */
export const HEADER_APP_KEY = 'app-key';
export const HEADER_APP_NAME = 'app-name';
export const HEADER_IDEMPOTENCY_KEY = 'idempotency-key';
export const HEADER_TRACE_ID = 'x-trace-id';
/**
 * The session over plain HTTP (a local run): uid and sid as headers, so they never enter a URL, a proxy's log or a
 * browser's history. Over HTTPS the session is the `__Host-` cookies alone (docs/decisions/019).
 */
export const HEADER_SESSION_UID = 'session-uid';
export const HEADER_SESSION_SID = 'session-sid';
