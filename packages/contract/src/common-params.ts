import { z } from 'zod';

/**
 * The parameters every request carries (spec §7). All optional on the wire: a first visit has no uid or sid.
 * Unknown extras are ignored here; each endpoint's own schema decides whether it accepts them.
 */
const shortText = z.string().max(256);

export const commonParamsSchema = z.object({
  ik_appid: shortText.optional().describe('App id of the variant'),
  lca_coun: z.string().max(8).optional().describe('Country code the client believes it is in'),
  app_group: shortText.optional().describe('Variant group'),
  cv: shortText.optional().describe('Client version, prefixed by the variant client-version prefix'),
  currency: z.string().max(8).optional().describe('Currency the client displays'),
  lca_lang: z.string().max(16).optional().describe('Locale or short language code (ENG, PT…)'),
  uid: z.string().max(32).optional().describe('User id; the string "null" means none'),
  sid: z.string().max(128).optional().describe('Session id'),
  smid: z.string().max(128).optional().describe('Device id'),
  uuid: shortText.optional().describe('Install id'),
  afid: shortText.optional().describe('Attribution id'),
  from_email: shortText.optional().describe('Marks traffic from an e-mail link'),
  _t: z.string().max(32).optional().describe('Client timestamp in ms, cache buster'),
  osversion: shortText.optional().describe('Operating-system version'),
  p: z.string().optional().describe('Opaque pass-through; dropped when longer than 100 characters'),
});

export type CommonParams = z.infer<typeof commonParamsSchema>;

export const COMMON_PARAM_NAMES = Object.keys(commonParamsSchema.shape) as (keyof CommonParams)[];

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
