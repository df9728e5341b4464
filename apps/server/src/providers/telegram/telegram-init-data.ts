import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Telegram Mini App `initData` validation (core.telegram.org/bots/webapps, "Validating data received via the Mini
 * App"; ../shared/docs/reference/integrations.md §3.1): every pair but `hash`, sorted by key and joined with "\n",
 * signed with HMAC-SHA256 under the key HMAC-SHA256(key "WebAppData", message bot token).
 */

export class InitDataError extends Error {
  /** Which check failed: hash, auth_date, user. */
  readonly issue: string;
  constructor(issue: string) {
    super(`telegram initData refused: ${issue}`);
    this.name = 'InitDataError';
    this.issue = issue;
  }
}

export interface TelegramUser {
  id: number;
  firstName: string;
  username: string | undefined;
  languageCode: string | undefined;
}

export interface InitDataValid {
  user: TelegramUser;
  authDate: Date;
  startParam: string | undefined;
}

/** A login older than this is refused: the mini app hands out fresh initData every time it opens. */
export const INIT_DATA_MAX_AGE_S = 3600;

/** The data-check string of initData: what the hash signs. */
export function initDataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

function initDataHash(dataCheckString: string, botToken: string): Buffer {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString).digest();
}

/** Signs initData the way Telegram does: the sandbox and the tests make their own with a test bot token. */
export function initDataSign(pairs: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(pairs);
  params.set('hash', initDataHash(initDataCheckString(params), botToken).toString('hex'));
  return params.toString();
}

/** Checks the signature in constant time, then freshness (`maxAgeS`, 0 to skip), then reads the user. */
export function initDataValidate(raw: string, botToken: string, now: Date, maxAgeS: number = INIT_DATA_MAX_AGE_S): InitDataValid {
  const params = new URLSearchParams(raw);
  const hash = params.get('hash') ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new InitDataError('hash');
  const expected = initDataHash(initDataCheckString(params), botToken);
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw new InitDataError('hash');

  const authDateS = Number(params.get('auth_date'));
  if (!Number.isInteger(authDateS) || authDateS <= 0) throw new InitDataError('auth_date');
  const ageS = now.getTime() / 1000 - authDateS;
  // A minute of clock skew either way; beyond that the data is stale (or from the future).
  if (maxAgeS > 0 && (ageS > maxAgeS || ageS < -60)) throw new InitDataError('auth_date');

  let user: unknown;
  try {
    user = JSON.parse(params.get('user') ?? '');
  } catch {
    throw new InitDataError('user');
  }
  const record = user as { id?: unknown; first_name?: unknown; username?: unknown; language_code?: unknown } | null;
  if (!record || !Number.isSafeInteger(record.id) || (record.id as number) <= 0) throw new InitDataError('user');
  return {
    user: {
      id: record.id as number,
      firstName: typeof record.first_name === 'string' ? record.first_name : '',
      username: typeof record.username === 'string' ? record.username : undefined,
      languageCode: typeof record.language_code === 'string' ? record.language_code : undefined,
    },
    authDate: new Date(authDateS * 1000),
    startParam: params.get('start_param') ?? undefined,
  };
}
