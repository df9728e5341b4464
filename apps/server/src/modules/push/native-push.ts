import { randomUUID, sign } from 'node:crypto';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import type { ApnsConfig, FcmConfig } from '../../config.ts';
import type { PushPayload } from '../../db/schema/index.ts';

/**
 * Native shells' push (decision 073): FCM HTTP v1 for the Android shell, APNs over HTTP/2 for the iOS shell. Each
 * sender answers what the outbox does with the row: sent, gone (the token is dead: prune it), retry (429, 5xx, no
 * answer) or failed (a request that will not work by sending it again). Credentials and tokens are never logged.
 */

export type NativeOutcome = 'sent' | 'gone' | 'retry' | 'failed';
export interface NativeResult {
  outcome: NativeOutcome;
  /** The service's HTTP status; null when there was no answer. */
  status: number | null;
  retryAfterS: number;
}

export interface NativeMessage {
  token: string;
  payload: PushPayload;
  ttlS: number;
  urgency: string;
  /** apns only: the app's bundle id. */
  topic?: string | undefined;
}

const SEND_TIMEOUT_MS = 10_000;
const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A JWT signed with `key` (RS256 for Google, ES256 over r‖s for Apple). */
function jwtSign(header: Record<string, unknown>, claims: Record<string, unknown>, key: ApnsConfig['key'], alg: 'RS256' | 'ES256'): string {
  const input = `${b64url(JSON.stringify({ ...header, alg, typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  const signature = alg === 'RS256' ? sign('sha256', Buffer.from(input), key) : sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** What the notification carries besides its text: read by the shell to open the route. */
const dataOf = (payload: PushPayload): Record<string, string> => ({
  id: payload.id,
  link: payload.link,
  lang: payload.lang,
  ...(payload.source ? { source: payload.source } : {}),
});

// --- FCM HTTP v1 ---------------------------------------------------------------------------------------------

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

export interface FcmSender {
  send: (message: NativeMessage, now: Date) => Promise<NativeResult>;
}

export function fcmSenderCreate(config: FcmConfig, fetchImpl: typeof fetch = fetch): FcmSender {
  let cached: { token: string; until: number } | undefined;
  let inFlight: Promise<string> | undefined;

  /** An OAuth2 access token from a signed JWT assertion (RFC 7523), kept until a minute before it expires. */
  const accessToken = async (now: Date): Promise<string> => {
    if (cached && cached.until > now.getTime()) return cached.token;
    inFlight ??= (async () => {
      const iat = Math.floor(now.getTime() / 1000);
      const assertion = jwtSign(
        config.privateKeyId ? { kid: config.privateKeyId } : {},
        { iss: config.clientEmail, scope: FCM_SCOPE, aud: config.tokenUri, iat, exp: iat + 3600 },
        config.privateKey,
        'RS256',
      );
      const response = await fetchImpl(config.tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      });
      const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
      if (!response.ok || typeof answer.access_token !== 'string') throw new FcmAuthError(response.status);
      const lifetimeS = typeof answer.expires_in === 'number' && answer.expires_in > 120 ? answer.expires_in : 3600;
      cached = { token: answer.access_token, until: now.getTime() + (lifetimeS - 60) * 1000 };
      return answer.access_token;
    })().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  return {
    async send(message, now) {
      let bearer: string;
      try {
        bearer = await accessToken(now);
      } catch (error) {
        // Google refusing the service account (400/401/403) will not change by itself; anything else is tried again.
        const status = error instanceof FcmAuthError ? error.status : null;
        return { outcome: status !== null && status >= 400 && status < 500 && status !== 429 ? 'failed' : 'retry', status, retryAfterS: 0 };
      }
      const body = {
        message: {
          token: message.token,
          notification: { title: message.payload.title, body: message.payload.body },
          data: dataOf(message.payload),
          android: { ttl: `${message.ttlS}s`, priority: message.urgency === 'high' ? 'HIGH' : 'NORMAL', collapse_key: message.payload.id.slice(0, 64) },
        },
      };
      let status: number | null;
      let retryAfterS = 0;
      let errorCodes: string[] = [];
      try {
        const response = await fetchImpl(`${config.baseUrl}/v1/projects/${config.projectId}/messages:send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json; charset=UTF-8' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          redirect: 'error',
        });
        status = response.status;
        retryAfterS = Number(response.headers.get('retry-after')) || 0;
        const answer = (await response.json().catch(() => ({}))) as { error?: { status?: unknown; details?: { errorCode?: unknown }[] } };
        errorCodes = [answer.error?.status, ...(answer.error?.details ?? []).map((detail) => detail?.errorCode)].filter(
          (code): code is string => typeof code === 'string',
        );
      } catch {
        status = null;
      }
      if (status !== null && status >= 200 && status < 300) return { outcome: 'sent', status, retryAfterS };
      // The token is no longer valid (app uninstalled, token rotated): FCM answers 404 UNREGISTERED.
      if (status === 404 || errorCodes.includes('UNREGISTERED')) return { outcome: 'gone', status, retryAfterS };
      if (status === 401) {
        // The access token expired or was revoked early: the next try gets a new one.
        cached = undefined;
        return { outcome: 'retry', status, retryAfterS };
      }
      if (status === null || status === 429 || status >= 500) return { outcome: 'retry', status, retryAfterS };
      return { outcome: 'failed', status, retryAfterS };
    },
  };
}

class FcmAuthError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`FCM token endpoint answered ${status}`);
    this.status = status;
  }
}

// --- APNs -----------------------------------------------------------------------------------------------------

/** Apple accepts a provider token for an hour and refuses a new one more often than every 20 minutes: 40 min. */
export const APNS_TOKEN_REFRESH_MS = 40 * 60_000;

export interface ApnsSender {
  send: (message: NativeMessage, now: Date) => Promise<NativeResult>;
  close: () => void;
}

/** APNs reasons that mean the device token is dead: prune it (410 always does). */
const APNS_GONE_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'ExpiredToken']);

export function apnsSenderCreate(config: ApnsConfig): ApnsSender {
  let cached: { token: string; since: number } | undefined;
  let session: ClientHttp2Session | undefined;

  const providerToken = (now: Date): string => {
    if (cached && now.getTime() - cached.since < APNS_TOKEN_REFRESH_MS && now.getTime() >= cached.since) return cached.token;
    const token = jwtSign({ kid: config.keyId }, { iss: config.teamId, iat: Math.floor(now.getTime() / 1000) }, config.key, 'ES256');
    cached = { token, since: now.getTime() };
    return token;
  };

  /** One HTTP/2 connection, reused; an http:// base URL (a stand-in) speaks h2c with prior knowledge. */
  const sessionOf = (): ClientHttp2Session => {
    if (session && !session.closed && !session.destroyed) return session;
    const made = connect(config.baseUrl);
    made.on('error', () => made.destroy());
    made.on('close', () => {
      if (session === made) session = undefined;
    });
    made.unref();
    session = made;
    return made;
  };

  const request = (headers: Record<string, string>, body: string): Promise<{ status: number; reason: string; retryAfterS: number }> =>
    new Promise((resolve, reject) => {
      let stream;
      try {
        stream = sessionOf().request(headers, { endStream: false });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const chunks: Buffer[] = [];
      let status = 0;
      let retryAfterS = 0;
      stream.setTimeout(SEND_TIMEOUT_MS, () => stream.close(constants.NGHTTP2_CANCEL));
      stream.on('response', (answer) => {
        status = Number(answer[constants.HTTP2_HEADER_STATUS]);
        retryAfterS = Number(answer['retry-after']) || 0;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('close', () => {
        if (!status) return reject(new Error('APNs stream closed without an answer'));
        let reason = '';
        try {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { reason?: unknown };
          if (typeof parsed.reason === 'string') reason = parsed.reason;
        } catch {
          reason = '';
        }
        resolve({ status, reason, retryAfterS });
      });
      stream.end(body);
    });

  return {
    async send(message, now) {
      const expiration = message.ttlS === 0 ? 0 : Math.floor(now.getTime() / 1000) + message.ttlS;
      const headers = {
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${message.token}`,
        authorization: `bearer ${providerToken(now)}`,
        'apns-topic': message.topic ?? '',
        'apns-push-type': 'alert',
        'apns-expiration': String(expiration),
        // 10: at once; 5: when the device's power allows (low and very-low urgency).
        'apns-priority': message.urgency === 'low' || message.urgency === 'very-low' ? '5' : '10',
        'apns-id': randomUUID(),
        'apns-collapse-id': message.payload.id.slice(0, 64),
        'content-type': 'application/json',
      };
      const body = JSON.stringify({
        aps: { alert: { title: message.payload.title, body: message.payload.body }, sound: 'default' },
        ...dataOf(message.payload),
      });
      let answer: { status: number; reason: string; retryAfterS: number };
      try {
        answer = await request(headers, body);
      } catch {
        session?.destroy();
        return { outcome: 'retry', status: null, retryAfterS: 0 };
      }
      const { status, reason, retryAfterS } = answer;
      if (status >= 200 && status < 300) return { outcome: 'sent', status, retryAfterS };
      if (status === 410 || APNS_GONE_REASONS.has(reason)) return { outcome: 'gone', status, retryAfterS };
      if (status === 403 && reason === 'ExpiredProviderToken') {
        cached = undefined;
        return { outcome: 'retry', status, retryAfterS };
      }
      if (status === 429 || status >= 500) return { outcome: 'retry', status, retryAfterS };
      return { outcome: 'failed', status, retryAfterS };
    },
    close() {
      session?.close();
      session = undefined;
    },
  };
}

// --- Token shapes ---------------------------------------------------------------------------------------------

/**
 * An FCM registration token: `<instance id>:<token>`, both base64url (Google documents no fixed length; today's are
 * 11+1+140 or so characters). Anything else — a JSON blob, spaces, another service's token — is refused.
 */
export const FCM_TOKEN = /^[A-Za-z0-9_-]{8,64}:[A-Za-z0-9_-]{64,4000}$/;

/** An APNs device token: hex, 32 bytes today (64 digits); Apple says it may grow, so 32–100 bytes. Stored lower-case. */
export const APNS_TOKEN = /^(?:[0-9a-fA-F]{2}){32,100}$/;

/** The bundle id an APNs token belongs to, as the brand (else the deployment) is configured; undefined: none for it. */
export function apnsTopicOf(config: ApnsConfig, appKey: string): string | undefined {
  return config.topics[appKey] ?? config.topics['*'];
}
