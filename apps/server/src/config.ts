import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JURISDICTIONS, jurisdictionResolve, partnerOriginParse, VARIANT_PROFILES, type JurisdictionOverrides } from '@piranha/domain';
import { PGLITE_TEMPLATE_DIR, REPO_ROOT } from './server-paths.ts';

/** A setting the server cannot start with: server.ts prints its message alone (no stack) and exits 1. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Everything the server reads from the environment, parsed once. The README lists each variable. */
export interface AppConfig {
  port: number;
  host: string;
  /** postgres://… for PostgreSQL; unset uses embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL at most (DATABASE_POOL_MAX); requests beyond them wait in line in the server. */
  databasePoolMax: number;
  /**
   * Money writes arriving together commit together (GROUP_COMMIT, default on; `off` gives each its own commit, for
   * the bench's comparison). docs/decisions/074-group-commit.md.
   */
  groupCommit: boolean;
  /**
   * Group-commit lanes on PostgreSQL (GROUP_COMMIT_LANES, default 4, at most the pool): each player's writes queue in
   * one lane, and the lanes' batches run side by side. PGlite has one session and always one lane.
   */
  groupCommitLanes: number;
  /**
   * PostgreSQL: a savepoint-free batch as one pipeline, BEGIN, statements and COMMIT in one write (GROUP_COMMIT_PIPELINE,
   * default on; decision 074, fifth revision).
   */
  groupCommitPipeline: boolean;
  dataDir: string | undefined;
  /** The migrated empty PGlite database a new `dataDir` is copied from (PGLITE_TEMPLATE_DIR; empty turns it off). */
  pgliteTemplateDir: string | undefined;
  redisUrl: string | undefined;
  /**
   * The real-time socket (decision 036): `bus` 'redis' carries its events between nodes over REDIS_URL (REALTIME_BUS,
   * default 'redis' when REDIS_URL is set, else 'local': one node needs no broker); `secret` signs the socket URLs
   * (REALTIME_SECRET; random per process when unset — several nodes behind one front must share it).
   */
  realtime: { bus: 'local' | 'redis'; secret: string | undefined };
  /** Proxies whose X-Forwarded-For is believed (IPs or CIDRs). */
  trustedProxies: string[];
  /** Countries the area check refuses (HTTP 403). */
  blockedCountries: string[];
  /** Requests per minute per client IP and per signed-in user. */
  rateLimitPerIp: number;
  rateLimitPerUser: number;
  /** Signed calls per minute per payment provider or game studio (their own budget, not the per-IP one). */
  rateLimitPerProvider: number;
  /** Bearer token for operator endpoints (global status); unset disables them. */
  opsToken: string | undefined;
  /** Operator settings for the jurisdiction facts the reference marks unverified (decision 027). */
  saferPlayOverrides: JurisdictionOverrides;
  /** Days of tracking events kept (TRACKING_RETENTION_DAYS); older days are deleted by the tracking-retention job. */
  trackingRetentionDays: number;
  /** Days a finished outbox row (sent, failed, dead) is kept (OUTBOX_RETENTION_DAYS); the outbox-purge job deletes older ones. */
  outboxRetentionDays: number;
  /**
   * Web push (decision 035): origins accepted as push endpoints beside the browsers' own push services
   * (PUSH_ENDPOINT_ORIGINS, e.g. a local test push service), and the VAPID contact (PUSH_VAPID_SUBJECT, mailto: or
   * https:; unset: mailto: the brand's support address).
   */
  push: { extraOrigins: string[]; vapidSubject: string | undefined; fcm: FcmConfig | undefined; apns: ApnsConfig | undefined };
  /** Where the built web app lives; unset serves the API only. */
  webDist: string | undefined;
  /** Production hides `?app=KEY` variant switching and debug detail, and the sandbox pages. */
  production: boolean;
  /** ALLOW_SANDBOX_PROVIDERS=1: production may start with sandbox providers (a staging or demo server). */
  allowSandboxProviders: boolean;
  logLevel: string;
  /** The fraction of ordinary requests that get a log line (LOG_REQUEST_SAMPLE, 0…1); failed and slow ones always do. */
  logRequestSample: number;
  /**
   * SANDBOX_PAYOUT_DELAY_MS: the sandbox PSP answers a payout this long after recording it, like a slow provider (0:
   * at once). For the kill -9 drill of decision 042; refused in production.
   */
  sandboxPayoutDelayMs: number;
  /**
   * TEST_CLOCK_OFFSET_MS: the server's clock (its `now`) runs this many milliseconds off the real one, negative for the
   * past (decision 067): a browser journey plays "yesterday" and restarts on today's clock to see a day closed by the
   * real jobs. Refused in production.
   */
  testClockOffsetMs: number;
  /** smtp://user:pass@host:port (or smtps://) delivers mail; unset keeps it in the outbox read at /dev/mailbox. */
  smtpUrl: string | undefined;
  /** Sender address of every mail; unset uses no-reply@<brand domain>. */
  mailFrom: string | undefined;
  /** Sign-in lockouts and code-send limits, per hour. */
  authLimits: { accountFailuresPerHour: number; ipFailuresPerHour: number; ipCodeSendsPerHour: number };
  /** Google's ID-token key set; GOOGLE_JWKS_FILE (a local JWKS file) replaces the URL when set. */
  googleJwksUrl: string;
  googleJwksFile: string | undefined;
  /** Idle time after which money actions need a new sign-in: a default and per-brand overrides (appKey → ms). */
  moneyReauth: { idleMs: number; idleMsByBrand: Record<string, number> };
  /**
   * Tokens of the messaging-app bots whose initData is accepted (a brand has a development, a test and a production
   * bot): TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_TOKENS together; none refuses tg_mini_app sign-in.
   */
  telegramBots: TelegramBotToken[];
  /** Per-brand keys the native shell signs its area-check exemption with (decision 062); several allow rotation. */
  nativeShellKeys: NativeShellKey[];
  /**
   * The partner bridge (decision 064): per BRG brand (appKey), the partner sites that may frame its pages and talk to
   * them over postMessage (BRG_PARTNER_ORIGINS). A brand not listed has no bridge and cannot be framed.
   */
  brgPartnerOrigins: Readonly<Record<string, readonly string[]>>;
  /** The simulated sports feed: its seed, its speed (simulated seconds per real second) and margin overrides. */
  feed: { seed: number; speedFactor: number; margins: Record<string, number> };
  /** Casino: the house studio's wallet-signing secret (random per process when unset), external providers, token life. */
  /**
   * `crashLiveTestChain`: CRASH_LIVE_TEST_CHAIN, the secret end (64 hex) of every new Crash-live hash chain, so a journey
   * knows which rounds fly high (decision 071). Refused in production.
   */
  casino: { houseSecret: string | undefined; providersFile: string | undefined; tokenTtlMinutes: number; crashLiveTestChain: string | undefined };
  /** Signs payment provider notifications and M-Pesa callback tokens; unset uses a random secret per process. */
  paymentsWebhookSecret: string | undefined;
  /** Betting: the in-play acceptance delay and the cash-out margin (basis points of the fair value). */
  betting: { liveDelayMs: number; cashOutMarginBasisPoints: number };
  /** Addresses (IPs or CIDRs) M-Pesa callbacks may come from; empty accepts any (the sandbox calls in process). */
  mpesaCallbackAllowlist: string[];
}

/**
 * The idle limits as configured, held to the law: a brand whose jurisdiction sets a re-authentication time (Brazil:
 * 30 minutes) never gets a longer one, whatever the default or its own override says (decision 027).
 */
function moneyReauthLawful(idleMs: number, idleMsByBrand: Record<string, number>): { idleMs: number; idleMsByBrand: Record<string, number> } {
  const lawful = { ...idleMsByBrand };
  for (const brand of VARIANT_PROFILES) {
    const minutes = JURISDICTIONS[brand.jurisdiction].idleReauthMinutes;
    if (minutes === undefined) continue;
    const configured = lawful[brand.appKey] ?? idleMs;
    if (configured > minutes * 60_000) lawful[brand.appKey] = minutes * 60_000;
  }
  return { idleMs, idleMsByBrand: lawful };
}

/** SAFER_PLAY_OVERRIDES: JSON, e.g. {"MX":{"prizeWithholdingBp":2100}}; only unverified facts may be set. */
function saferOverridesParse(value: string | undefined): JurisdictionOverrides {
  if (!value) return {};
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('SAFER_PLAY_OVERRIDES must be a JSON object');
  const overrides = parsed as JurisdictionOverrides;
  // Fails at boot on a verified fact or an unknown jurisdiction, not at the first request.
  for (const key of Object.keys(overrides)) {
    if (!(key in JURISDICTIONS)) throw new Error(`SAFER_PLAY_OVERRIDES: unknown jurisdiction ${key}`);
    jurisdictionResolve(key as keyof typeof JURISDICTIONS, overrides);
  }
  return overrides;
}

function list(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

function sandboxPayoutDelay(value: string | undefined, production: boolean): number {
  if (value === undefined || value === '' || value === '0') return 0;
  if (production) throw new ConfigError('SANDBOX_PAYOUT_DELAY_MS is a test setting: leave it unset in production');
  return atMost('SANDBOX_PAYOUT_DELAY_MS', positiveInt('SANDBOX_PAYOUT_DELAY_MS', value, 0), 600_000);
}

function crashLiveTestChain(value: string | undefined, production: boolean): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (production) throw new ConfigError('CRASH_LIVE_TEST_CHAIN is a test setting: leave it unset in production');
  if (!/^[0-9a-f]{64}$/.test(value)) throw new ConfigError(`CRASH_LIVE_TEST_CHAIN must be 64 lowercase hex digits, got "${value}"`);
  return value;
}

function testClockOffset(value: string | undefined, production: boolean): number {
  if (value === undefined || value === '' || value === '0') return 0;
  if (production) throw new ConfigError('TEST_CLOCK_OFFSET_MS is a test setting: leave it unset in production');
  const parsed = Number(value);
  // Up to a year either way: enough to cross any day, week or month a job closes.
  if (!Number.isSafeInteger(parsed) || Math.abs(parsed) > 366 * 86_400_000)
    throw new ConfigError(`TEST_CLOCK_OFFSET_MS must be a whole number of milliseconds within a year, got "${value}"`);
  return parsed;
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new ConfigError(`${name} must be a positive number, got "${value}"`);
  return parsed;
}

/** A number from 0 to 1 inclusive. */
function fraction(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1) throw new ConfigError(`${name} must be a number from 0 to 1, got "${value}"`);
  return parsed;
}

/**
 * One ordinary request in a hundred gets a log line: its cost is at most 1 % of logging every request, which the
 * bench's logging rows measure (docs/decisions/022-operating-it.md).
 */
export const LOG_REQUEST_SAMPLE_DEFAULT = 0.01;

/** FEED_MARGINS: a JSON object of margin fractions by market kind, e.g. {"result":0.04,"inPlayExtra":0.03}. */
function marginsParse(value: string | undefined): Record<string, number> {
  if (value === undefined || value === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError(`FEED_MARGINS must be a JSON object, got "${value}"`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((margin) => typeof margin !== 'number')) {
    throw new ConfigError(`FEED_MARGINS must map market kinds to numbers, got "${value}"`);
  }
  return parsed as Record<string, number>;
}

/** An on/off switch; anything else is refused rather than guessed. */
function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new ConfigError(`${name} must be on or off, got "${value}"`);
}

/** A 0/1 switch; anything else is refused rather than guessed. */
function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${value}"`);
}

/** ASVS caps some limits: an operator may lower them, never raise them past the cap. */
function atMost(name: string, value: number, cap: number): number {
  if (value > cap) throw new ConfigError(`${name} may be at most ${cap}, got ${value}`);
  return value;
}

/** "aguila=15,satoshi=10" → { aguila: 15 min, satoshi: 10 min } in milliseconds. */
function minutesByBrand(name: string, value: string | undefined): Record<string, number> {
  const byBrand: Record<string, number> = {};
  for (const entry of list(value, [])) {
    const [appKey, minutes] = entry.split('=').map((part) => part.trim());
    if (!appKey || !minutes) throw new ConfigError(`${name} takes appKey=minutes pairs, got "${entry}"`);
    byBrand[appKey] = positiveInt(name, minutes, 0) * 60_000;
  }
  return byBrand;
}

/** A messaging-app bot token and the brand it serves (undefined: every brand). */
export interface TelegramBotToken {
  appKey: string | undefined;
  token: string;
}

/** Telegram's tokens are `<bot id>:<secret>` with letters, digits, `_` and `-`: never a comma or an equals sign. */
const TELEGRAM_TOKEN = /^\d{1,20}:[\w-]{10,100}$/;

/**
 * "TOKEN,aguila=TOKEN2,aguila=TOKEN3" → every brand's bot plus two of aguila's (its development and test bots). The
 * old single TELEGRAM_BOT_TOKEN stays an every-brand entry.
 */
function telegramBotsParse(single: string | undefined, many: string | undefined): TelegramBotToken[] {
  const entries = [...(single ? [single.trim()] : []), ...list(many, [])];
  return entries.map((entry) => {
    const at = entry.indexOf('=');
    const appKey = at < 0 ? undefined : entry.slice(0, at).trim();
    const token = (at < 0 ? entry : entry.slice(at + 1)).trim();
    if (!TELEGRAM_TOKEN.test(token) || appKey === '')
      throw new ConfigError(`TELEGRAM_BOT_TOKENS takes token or appKey=token entries, got "${entry.slice(0, 24)}…"`);
    return { appKey, token };
  });
}

/** A brand's native-shell key (decision 062): at least 32 characters, so it cannot be guessed. */
export interface NativeShellKey {
  appKey: string;
  key: string;
}

/** "aguila=<key>,aguila=<next key>,satoshi=<key>" */
function nativeShellKeysParse(value: string | undefined): NativeShellKey[] {
  return list(value, []).map((entry) => {
    const at = entry.indexOf('=');
    const appKey = entry.slice(0, Math.max(at, 0)).trim();
    const key = entry.slice(at + 1).trim();
    if (at <= 0 || !appKey || key.length < 32) throw new ConfigError('NATIVE_SHELL_KEYS takes appKey=key entries, each key at least 32 characters');
    return { appKey, key };
  });
}

/**
 * "brgparceiro=https://partner.example,brgparceiro=https://m.partner.example": each entry one origin of one partner-bridge
 * brand, exactly as a browser writes it. A brand without the partner-bridge flag, a path, a wildcard, or (in
 * production) plain http stops the start: a wrong entry would let another site frame the app and talk to it.
 */
function brgPartnerOriginsParse(value: string | undefined, production: boolean): Record<string, readonly string[]> {
  const byBrand: Record<string, string[]> = {};
  for (const entry of list(value, [])) {
    const at = entry.indexOf('=');
    const appKey = entry.slice(0, Math.max(at, 0)).trim();
    const origin = partnerOriginParse(entry.slice(at + 1).trim());
    const brand = VARIANT_PROFILES.find((profile) => profile.appKey === appKey);
    if (at <= 0 || !brand || !origin)
      throw new ConfigError(`BRG_PARTNER_ORIGINS takes appKey=origin entries (https://host[:port], no path), got "${entry.slice(0, 60)}"`);
    if (!brand.flags.partnerBridge) throw new ConfigError(`BRG_PARTNER_ORIGINS: ${appKey} is not a partner-bridge brand`);
    if (production && !origin.startsWith('https:')) throw new ConfigError(`BRG_PARTNER_ORIGINS: ${origin} must be https in production`);
    const origins = (byBrand[appKey] ??= []);
    if (!origins.includes(origin)) origins.push(origin);
  }
  return byBrand;
}

export function configLoad(env: NodeJS.ProcessEnv): AppConfig {
  return {
    port: positiveInt('PORT', env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: positiveInt('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 20),
    groupCommit: onOff('GROUP_COMMIT', env.GROUP_COMMIT, true),
    groupCommitPipeline: onOff('GROUP_COMMIT_PIPELINE', env.GROUP_COMMIT_PIPELINE, true),
    groupCommitLanes: atMost('GROUP_COMMIT_LANES', positiveInt('GROUP_COMMIT_LANES', env.GROUP_COMMIT_LANES, 4), 64),
    dataDir: resolve(REPO_ROOT, env.DATA_DIR ?? 'data', 'pglite'),
    pgliteTemplateDir: env.PGLITE_TEMPLATE_DIR === '' ? undefined : resolve(REPO_ROOT, env.PGLITE_TEMPLATE_DIR ?? PGLITE_TEMPLATE_DIR),
    redisUrl: env.REDIS_URL || undefined,
    realtime: { bus: realtimeBusOf(env.REALTIME_BUS, env.REDIS_URL), secret: env.REALTIME_SECRET || undefined },
    trustedProxies: list(env.TRUSTED_PROXIES, []),
    blockedCountries: list(env.BLOCKED_COUNTRIES, ['US', 'GB', 'FR', 'ES', 'NL', 'AU']).map((code) => code.toUpperCase()),
    rateLimitPerIp: positiveInt('RATE_LIMIT_PER_IP', env.RATE_LIMIT_PER_IP, 1200),
    rateLimitPerUser: positiveInt('RATE_LIMIT_PER_USER', env.RATE_LIMIT_PER_USER, 600),
    rateLimitPerProvider: positiveInt('RATE_LIMIT_PER_PROVIDER', env.RATE_LIMIT_PER_PROVIDER, 60_000),
    opsToken: env.OPS_TOKEN || undefined,
    saferPlayOverrides: saferOverridesParse(env.SAFER_PLAY_OVERRIDES),
    trackingRetentionDays: positiveInt('TRACKING_RETENTION_DAYS', env.TRACKING_RETENTION_DAYS, 90),
    outboxRetentionDays: positiveInt('OUTBOX_RETENTION_DAYS', env.OUTBOX_RETENTION_DAYS, 30),
    push: pushConfigLoad(env),
    webDist: resolve(REPO_ROOT, env.WEB_DIST ?? 'apps/web/dist'),
    production: env.NODE_ENV === 'production',
    allowSandboxProviders: flag('ALLOW_SANDBOX_PROVIDERS', env.ALLOW_SANDBOX_PROVIDERS),
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequestSample: fraction('LOG_REQUEST_SAMPLE', env.LOG_REQUEST_SAMPLE, LOG_REQUEST_SAMPLE_DEFAULT),
    sandboxPayoutDelayMs: sandboxPayoutDelay(env.SANDBOX_PAYOUT_DELAY_MS, env.NODE_ENV === 'production'),
    testClockOffsetMs: testClockOffset(env.TEST_CLOCK_OFFSET_MS, env.NODE_ENV === 'production'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    authLimits: {
      accountFailuresPerHour: atMost(
        'AUTH_ACCOUNT_FAILURES_PER_HOUR',
        positiveInt('AUTH_ACCOUNT_FAILURES_PER_HOUR', env.AUTH_ACCOUNT_FAILURES_PER_HOUR, 10),
        100,
      ),
      ipFailuresPerHour: positiveInt('AUTH_IP_FAILURES_PER_HOUR', env.AUTH_IP_FAILURES_PER_HOUR, 50),
      ipCodeSendsPerHour: positiveInt('AUTH_IP_CODE_SENDS_PER_HOUR', env.AUTH_IP_CODE_SENDS_PER_HOUR, 20),
    },
    googleJwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
    googleJwksFile: env.GOOGLE_JWKS_FILE ? resolve(REPO_ROOT, env.GOOGLE_JWKS_FILE) : undefined,
    moneyReauth: moneyReauthLawful(
      positiveInt('MONEY_REAUTH_IDLE_MINUTES', env.MONEY_REAUTH_IDLE_MINUTES, 30) * 60_000,
      minutesByBrand('MONEY_REAUTH_IDLE_MINUTES_BY_BRAND', env.MONEY_REAUTH_IDLE_MINUTES_BY_BRAND),
    ),
    telegramBots: telegramBotsParse(env.TELEGRAM_BOT_TOKEN, env.TELEGRAM_BOT_TOKENS),
    nativeShellKeys: nativeShellKeysParse(env.NATIVE_SHELL_KEYS),
    brgPartnerOrigins: brgPartnerOriginsParse(env.BRG_PARTNER_ORIGINS, env.NODE_ENV === 'production'),
    feed: {
      seed: env.FEED_SEED === undefined || env.FEED_SEED === '' ? 1 : positiveInt('FEED_SEED', env.FEED_SEED, 1),
      speedFactor: positiveNumber('FEED_SPEED', env.FEED_SPEED, 1),
      margins: marginsParse(env.FEED_MARGINS),
    },
    casino: {
      houseSecret: env.CASINO_HOUSE_SECRET || undefined,
      providersFile: env.CASINO_PROVIDERS_FILE ? resolve(REPO_ROOT, env.CASINO_PROVIDERS_FILE) : undefined,
      tokenTtlMinutes: positiveInt('CASINO_TOKEN_TTL_MINUTES', env.CASINO_TOKEN_TTL_MINUTES, 720),
      crashLiveTestChain: crashLiveTestChain(env.CRASH_LIVE_TEST_CHAIN, env.NODE_ENV === 'production'),
    },
    paymentsWebhookSecret: env.PAYMENTS_WEBHOOK_SECRET || undefined,
    betting: {
      // 0 is allowed: a book may take in-play bets at once.
      liveDelayMs: env.BET_LIVE_DELAY_MS === '0' ? 0 : positiveInt('BET_LIVE_DELAY_MS', env.BET_LIVE_DELAY_MS, 5000),
      cashOutMarginBasisPoints: atMost('BET_CASH_OUT_MARGIN_BP', positiveInt('BET_CASH_OUT_MARGIN_BP', env.BET_CASH_OUT_MARGIN_BP, 500), 9999),
    },
    mpesaCallbackAllowlist: list(env.MPESA_CALLBACK_ALLOWLIST, []),
  };
}

/**
 * The outside parties this configuration leaves to a sandbox. Only these exist today for payments, SMS and the sports
 * feed; mail is a sandbox while SMTP_URL is unset.
 */
export function sandboxProvidersOf(config: AppConfig): string[] {
  return [
    'payments: the sandbox PSP (its deposit instructions point at /sandbox/ checkout pages; no real PSP adapter exists yet)',
    'SMS: the sms_outbox table (no SMS gateway adapter exists yet)',
    ...(config.smtpUrl ? [] : ['mail: the mail_outbox table (SMTP_URL is unset)']),
    'sports feed: the match simulator (no real feed adapter exists yet)',
  ];
}

/**
 * A production server refuses to start with sandbox providers: players would be shown sandbox checkout pages (off in
 * production) and never get their codes. ALLOW_SANDBOX_PROVIDERS=1 lets a staging or demo server start anyway.
 */
export function sandboxProvidersCheck(config: AppConfig): void {
  if (!config.production || config.allowSandboxProviders) return;
  const sandboxes = sandboxProvidersOf(config);
  if (sandboxes.length === 0) return;
  throw new ConfigError(
    `NODE_ENV=production, but these providers are sandboxes:\n${sandboxes.map((sandbox) => `  - ${sandbox}`).join('\n')}\n` +
      'Wire real providers, or set ALLOW_SANDBOX_PROVIDERS=1 to start anyway (a staging or demo server: no real money moves).',
  );
}

/** PUSH_ENDPOINT_ORIGINS: comma-separated origins (http(s)://host[:port]); anything else fails at boot. */
function pushOrigins(value: string | undefined): string[] {
  return list(value, []).map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, ''))
      throw new Error(`PUSH_ENDPOINT_ORIGINS: "${entry}" is not an origin (http(s)://host[:port])`);
    return url.origin;
  });
}

/** The Android shell's push (decision 073): FCM HTTP v1 with a Google service account. Unset: fcm tokens are refused. */
export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  /** The service account's RSA key: signs the JWT assertion exchanged at `tokenUri` for an access token. Never logged. */
  privateKey: KeyObject;
  privateKeyId: string | undefined;
  tokenUri: string;
  /** https://fcm.googleapis.com unless PUSH_FCM_BASE_URL names an origin of PUSH_ENDPOINT_ORIGINS (tests, staging). */
  baseUrl: string;
}

/** The iOS shell's push (decision 073): APNs with a provider token (.p8 key). Unset: apns tokens are refused. */
export interface ApnsConfig {
  /** The .p8 EC P-256 key: signs the ES256 provider token. Never logged. */
  key: KeyObject;
  keyId: string;
  teamId: string;
  /** The app's bundle id (apns-topic) per brand; `*` is every brand without its own. */
  topics: Record<string, string>;
  /** https://api.push.apple.com (or the sandbox) unless PUSH_APNS_BASE_URL names an origin of PUSH_ENDPOINT_ORIGINS. */
  baseUrl: string;
}

function pushConfigLoad(env: NodeJS.ProcessEnv): AppConfig['push'] {
  const extraOrigins = pushOrigins(env.PUSH_ENDPOINT_ORIGINS);
  return { extraOrigins, vapidSubject: vapidSubject(env.PUSH_VAPID_SUBJECT), fcm: fcmConfig(env, extraOrigins), apns: apnsConfig(env, extraOrigins) };
}

/** A base URL: one of the real service's, or an origin listed in PUSH_ENDPOINT_ORIGINS (a stand-in in tests, staging). */
function pushBaseUrl(name: string, value: string | undefined, real: readonly string[], extraOrigins: readonly string[]): string {
  if (!value) return real[0]!;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || url.origin !== value.replace(/\/$/, '')) throw new ConfigError(`${name} must be an origin (scheme://host[:port]), got "${value.slice(0, 80)}"`);
  if (!real.includes(url.origin) && !extraOrigins.includes(url.origin))
    throw new ConfigError(`${name}: ${url.origin} is neither ${real.join(' nor ')} nor listed in PUSH_ENDPOINT_ORIGINS`);
  return url.origin;
}

function secretFile(name: string, path: string): string {
  try {
    return readFileSync(resolve(REPO_ROOT, path), 'utf8');
  } catch {
    throw new ConfigError(`${name}: cannot read ${path}`);
  }
}

/** PUSH_FCM_SERVICE_ACCOUNT_FILE (a Google service-account JSON) and PUSH_FCM_BASE_URL. */
function fcmConfig(env: NodeJS.ProcessEnv, extraOrigins: readonly string[]): FcmConfig | undefined {
  const file = env.PUSH_FCM_SERVICE_ACCOUNT_FILE;
  if (!file) {
    if (env.PUSH_FCM_BASE_URL) throw new ConfigError('PUSH_FCM_BASE_URL is set but PUSH_FCM_SERVICE_ACCOUNT_FILE is not');
    return undefined;
  }
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(secretFile('PUSH_FCM_SERVICE_ACCOUNT_FILE', file)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('PUSH_FCM_SERVICE_ACCOUNT_FILE is not JSON');
  }
  const field = (key: string) => (typeof account[key] === 'string' && account[key] !== '' ? (account[key] as string) : undefined);
  const projectId = field('project_id');
  const clientEmail = field('client_email');
  const pem = field('private_key');
  if (field('type') !== 'service_account' || !projectId || !/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/.test(projectId) || !clientEmail || !pem)
    throw new ConfigError('PUSH_FCM_SERVICE_ACCOUNT_FILE must be a service-account JSON (type, project_id, client_email, private_key)');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new ConfigError('PUSH_FCM_SERVICE_ACCOUNT_FILE: private_key is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new ConfigError('PUSH_FCM_SERVICE_ACCOUNT_FILE: private_key must be an RSA key');
  const tokenUri = field('token_uri') ?? 'https://oauth2.googleapis.com/token';
  let tokenUrl: URL;
  try {
    tokenUrl = new URL(tokenUri);
  } catch {
    throw new ConfigError('PUSH_FCM_SERVICE_ACCOUNT_FILE: token_uri is not an address');
  }
  // The assertion is posted there: only Google's, or a stand-in listed in PUSH_ENDPOINT_ORIGINS.
  pushBaseUrl('PUSH_FCM_SERVICE_ACCOUNT_FILE token_uri', tokenUrl.origin, ['https://oauth2.googleapis.com'], extraOrigins);
  return {
    projectId,
    clientEmail,
    privateKey,
    privateKeyId: field('private_key_id'),
    tokenUri,
    baseUrl: pushBaseUrl('PUSH_FCM_BASE_URL', env.PUSH_FCM_BASE_URL, ['https://fcm.googleapis.com'], extraOrigins),
  };
}

const BUNDLE_ID = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** PUSH_APNS_KEY_FILE, PUSH_APNS_KEY_ID, PUSH_APNS_TEAM_ID, PUSH_APNS_TOPIC (`topic` or `appKey=topic` entries), PUSH_APNS_BASE_URL. */
function apnsConfig(env: NodeJS.ProcessEnv, extraOrigins: readonly string[]): ApnsConfig | undefined {
  const names = ['PUSH_APNS_KEY_FILE', 'PUSH_APNS_KEY_ID', 'PUSH_APNS_TEAM_ID', 'PUSH_APNS_TOPIC'] as const;
  const set = names.filter((name) => env[name]);
  if (set.length === 0) {
    if (env.PUSH_APNS_BASE_URL) throw new ConfigError('PUSH_APNS_BASE_URL is set but PUSH_APNS_KEY_FILE is not');
    return undefined;
  }
  if (set.length < names.length) throw new ConfigError(`APNs needs ${names.join(', ')}; missing ${names.filter((name) => !env[name]).join(', ')}`);
  let key: KeyObject;
  try {
    key = createPrivateKey(secretFile('PUSH_APNS_KEY_FILE', env.PUSH_APNS_KEY_FILE!));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('PUSH_APNS_KEY_FILE is not a PEM private key (the .p8 file)');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new ConfigError('PUSH_APNS_KEY_FILE must be an EC P-256 key (the .p8 file)');
  const keyId = env.PUSH_APNS_KEY_ID!;
  const teamId = env.PUSH_APNS_TEAM_ID!;
  if (!/^[A-Z0-9]{10}$/.test(keyId)) throw new ConfigError('PUSH_APNS_KEY_ID must be the 10-character key id');
  if (!/^[A-Z0-9]{10}$/.test(teamId)) throw new ConfigError('PUSH_APNS_TEAM_ID must be the 10-character team id');
  const topics: Record<string, string> = {};
  for (const entry of list(env.PUSH_APNS_TOPIC, [])) {
    const at = entry.indexOf('=');
    const appKey = at < 0 ? '*' : entry.slice(0, at).trim();
    const topic = entry.slice(at + 1).trim();
    if ((appKey !== '*' && !VARIANT_PROFILES.some((profile) => profile.appKey === appKey)) || !BUNDLE_ID.test(topic) || topics[appKey])
      throw new ConfigError(`PUSH_APNS_TOPIC takes one bundle id, or appKey=bundleId entries (one per brand), got "${entry.slice(0, 80)}"`);
    topics[appKey] = topic;
  }
  const baseUrl = pushBaseUrl('PUSH_APNS_BASE_URL', env.PUSH_APNS_BASE_URL, ['https://api.push.apple.com', 'https://api.sandbox.push.apple.com'], extraOrigins);
  return { key, keyId, teamId, topics, baseUrl };
}

/** PUSH_VAPID_SUBJECT must be a mailto: or https: address (RFC 8292 §2.1). */
function vapidSubject(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(value)) throw new Error('PUSH_VAPID_SUBJECT must be a mailto: or https: address');
  return value;
}

/** REALTIME_BUS: 'local' (this node's sockets only) or 'redis' (every node's, through REDIS_URL). */
function realtimeBusOf(value: string | undefined, redisUrl: string | undefined): 'local' | 'redis' {
  const bus = value || (redisUrl ? 'redis' : 'local');
  if (bus !== 'local' && bus !== 'redis') throw new Error(`REALTIME_BUS must be local or redis, not ${value}`);
  if (bus === 'redis' && !redisUrl) throw new Error('REALTIME_BUS=redis needs REDIS_URL');
  return bus;
}
