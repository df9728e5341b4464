/**
 * Local stand-ins for the native shells' push services (decision 073), for tests that run offline:
 * - Google: a service account's key pair and JSON file, the OAuth2 token endpoint (checks the RS256 JWT assertion:
 *   signature with the account's public key, `iss`, `aud` = the token URI, the FCM scope, `exp` − `iat` ≤ 1 h) and FCM
 *   HTTP v1 `messages:send` (checks the bearer it issued, the project, the message's shape).
 * - Apple: APNs over HTTP/2 without TLS (h2c, prior knowledge) checking the ES256 provider token (r‖s signature with
 *   the .p8 key's public half, `kid`, `iss` = team, `iat` within the hour) and the apns-* headers.
 * Each device token can be told what to answer (404 UNREGISTERED, 410 Unregistered, 400 BadDeviceToken, 503…).
 */
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createH2Server, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** The header and claims of a JWT whose signature `key` verifies, else a reason. */
export function jwtCheck(
  jwt: string,
  key: KeyObject,
  alg: 'RS256' | 'ES256',
): { ok: true; header: Record<string, unknown>; claims: Record<string, unknown> } | { ok: false; reason: string } {
  const parts = jwt.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'not a JWT' };
  const header = b64json(parts[0]!);
  if (header.alg !== alg || header.typ !== 'JWT') return { ok: false, reason: `alg ${String(header.alg)}` };
  const signature = Buffer.from(parts[2]!, 'base64url');
  const input = Buffer.from(`${parts[0]}.${parts[1]}`);
  const good =
    alg === 'RS256'
      ? verify('sha256', input, key, signature)
      : signature.length === 64 && verify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, signature);
  if (!good) return { ok: false, reason: 'signature' };
  return { ok: true, header, claims: b64json(parts[1]!) };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface FcmSent {
  token: string;
  message: Record<string, unknown>;
}

export interface FcmStandIn {
  origin: string;
  projectId: string;
  /** The service-account JSON file (its token_uri is this stand-in). */
  accountFile: string;
  /** Access tokens issued, and assertions refused. */
  tokensIssued: () => number;
  assertionsRefused: () => number;
  /** Every send request that carried a valid bearer, in order, with what was answered. */
  log: { token: string; status: number; authorized: boolean }[];
  messages: (token: string) => FcmSent['message'][];
  answerWith: (token: string, status: number, errorCode?: string) => void;
  close: () => Promise<void>;
}

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

export async function fcmStandInStart(nowS: () => number): Promise<FcmStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const projectId = 'piranha-test-project';
  const issued = new Set<string>();
  let refused = 0;
  const answers = new Map<string, { status: number; errorCode?: string | undefined }>();
  const received = new Map<string, FcmSent['message'][]>();
  const log: FcmStandIn['log'] = [];
  let origin = '';
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && request.url === '/token') {
        const form = new URLSearchParams(body);
        const checked = jwtCheck(form.get('assertion') ?? '', publicKey, 'RS256');
        const claims = checked.ok ? checked.claims : {};
        const fresh =
          typeof claims.iat === 'number' && typeof claims.exp === 'number' && claims.exp - claims.iat <= 3600 && Math.abs(claims.iat - nowS()) < 300;
        if (
          form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
          !checked.ok ||
          checked.header.kid !== 'key-1' ||
          claims.iss !== 'push@piranha-test-project.iam.gserviceaccount.com' ||
          claims.aud !== `${origin}/token` ||
          claims.scope !== FCM_SCOPE ||
          !fresh
        ) {
          refused += 1;
          return reply(400, { error: 'invalid_grant' });
        }
        const token = `ya29.stand-in-${issued.size + 1}`;
        issued.add(token);
        return reply(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return reply(404, { error: { status: 'NOT_FOUND' } });
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const parsed = JSON.parse(body) as { message?: Record<string, unknown> & { token?: string } };
      const token = parsed.message?.token ?? '';
      if (!bearer || !issued.has(bearer) || match[1] !== projectId) {
        log.push({ token, status: 401, authorized: false });
        return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      }
      const answer = answers.get(token) ?? { status: 200 };
      log.push({ token, status: answer.status, authorized: true });
      if (answer.status !== 200)
        return reply(answer.status, {
          error: {
            code: answer.status,
            status: answer.status === 404 ? 'NOT_FOUND' : 'UNAVAILABLE',
            details: answer.errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: answer.errorCode }] : [],
          },
        });
      const list = received.get(token) ?? [];
      list.push(parsed.message!);
      received.set(token, list);
      return reply(200, { name: `projects/${projectId}/messages/${log.length}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'fcm-stand-in-'));
  const accountFile = join(dir, 'service-account.json');
  writeFileSync(
    accountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'key-1',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: 'push@piranha-test-project.iam.gserviceaccount.com',
      token_uri: `${origin}/token`,
    }),
  );
  return {
    origin,
    projectId,
    accountFile,
    tokensIssued: () => issued.size,
    assertionsRefused: () => refused,
    log,
    messages: (token) => received.get(token) ?? [],
    answerWith: (token, status, errorCode) => answers.set(token, { status, errorCode }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface ApnsRequest {
  token: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  status: number;
}

export interface ApnsStandIn {
  origin: string;
  keyFile: string;
  keyId: string;
  teamId: string;
  log: ApnsRequest[];
  /** Bodies delivered (answered 200) to a device token. */
  messages: (token: string) => Record<string, unknown>[];
  answerWith: (token: string, status: number, reason?: string) => void;
  close: () => Promise<void>;
}

export async function apnsStandInStart(nowS: () => number): Promise<ApnsStandIn> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const publicKey = createPublicKey(privateKey);
  const keyId = 'ABC123DEFG';
  const teamId = 'TEAM123456';
  const answers = new Map<string, { status: number; reason?: string | undefined }>();
  const log: ApnsRequest[] = [];
  const server = createH2Server();
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const reply = (status: number, reason?: string) => {
        stream.respond({ ':status': status, 'apns-id': String(headers['apns-id'] ?? '') });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      };
      const match = /^\/3\/device\/([0-9a-f]+)$/.exec(String(headers[':path']));
      const token = match?.[1] ?? '';
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const jwt = /^bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1] ?? '';
      const checked = jwtCheck(jwt, publicKey, 'ES256');
      let status = 200;
      let reason: string | undefined;
      if (headers[':method'] !== 'POST' || !match) [status, reason] = [404, 'BadPath'];
      else if (!checked.ok || checked.header.kid !== keyId || checked.claims.iss !== teamId) [status, reason] = [403, 'InvalidProviderToken'];
      else if (typeof checked.claims.iat !== 'number' || nowS() - checked.claims.iat > 3600 || checked.claims.iat - nowS() > 60)
        [status, reason] = [403, 'ExpiredProviderToken'];
      else if (headers['apns-push-type'] !== 'alert') [status, reason] = [400, 'InvalidPushType'];
      else if (!headers['apns-topic']) [status, reason] = [400, 'MissingTopic'];
      else {
        const answer = answers.get(token);
        if (answer) [status, reason] = [answer.status, answer.reason];
      }
      log.push({ token, headers, body, status });
      reply(status, reason);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'apns-stand-in-'));
  const keyFile = join(dir, `AuthKey_${keyId}.p8`);
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return {
    origin,
    keyFile,
    keyId,
    teamId,
    log,
    messages: (token) => log.filter((entry) => entry.token === token && entry.status === 200).map((entry) => entry.body),
    answerWith: (token, status, reason) => answers.set(token, { status, reason }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Open client sessions would keep close() waiting.
        setTimeout(resolve, 200).unref();
      }),
  };
}
