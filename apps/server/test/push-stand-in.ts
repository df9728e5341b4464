/**
 * A local stand-in for a browser's push service (RFC 8030), for tests that run offline: it hands out subscriptions
 * whose keys it holds (the browser's part), checks every request's VAPID header (RFC 8292: ES256 JWT in JOSE r||s,
 * `aud` = this origin, `exp` within 24 h, `sub` mailto:/https:, `k` = the deployment's key) and decrypts the body
 * (RFC 8291 + RFC 8188 aes128gcm) with node:crypto alone — not with the library the server sends with.
 * A subscription can be told to answer 404, 410, 429 or 500 to test pruning and retries.
 */
import { createCipheriv, createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const b64u = (value: Buffer | Uint8Array) => Buffer.from(value).toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 key schedule and RFC 8188 records: the plaintext of an aes128gcm body, or throws. */
export function aes128gcmDecrypt(body: Buffer, ua: { ecdh: ECDH; publicKey: Buffer; auth: Buffer }): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4) throw new Error('keyid is not an uncompressed P-256 point');
  if (rs < 18) throw new Error('record size too small');
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, ecdhSecret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), ua.publicKey, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])])).subarray(0, 16);
  const nonceBase = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])])).subarray(0, 12);
  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  let seq = 0;
  for (let offset = 0; offset < records.length; offset += rs, seq += 1) {
    const record = records.subarray(offset, offset + rs);
    const nonce = Buffer.from(nonceBase);
    // The sequence number is XORed into the nonce's last bytes (RFC 8188 §2.3; here below 2^32 records).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = offset + rs >= records.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('bad record delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

/** RFC 8291 encryption with node:crypto (the e2e journey sends the stand-in's own pushes with it, never the server's library). */
export function aes128gcmEncrypt(plaintext: Buffer, uaPublic: Buffer, auth: Buffer, options: { salt?: Buffer; asPrivate?: Buffer } = {}): Buffer {
  const salt = options.salt ?? randomBytes(16);
  const asEcdh = createECDH('prime256v1');
  if (options.asPrivate) asEcdh.setPrivateKey(options.asPrivate);
  else asEcdh.generateKeys();
  const asPublic = asEcdh.getPublicKey();
  const prkKey = hmac(auth, asEcdh.computeSecret(uaPublic));
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])])).subarray(0, 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  return Buffer.concat([header, asPublic, sealed]);
}

/** The P-256 public key (65-byte point) as a key object for ES256 verification. */
function p256Key(point: Buffer) {
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: 'jwk' });
}

/**
 * Checks an RFC 8292 `Authorization: vapid t=…, k=…` header; answers the claims or why it is refused.
 * `nowS` is the time the `exp` claim is judged against.
 */
export function vapidCheck(
  header: string | undefined,
  expect: { audience: string; publicKey: string | undefined; nowS: number },
): { ok: true; claims: { aud: string; exp: number; sub: string } } | { ok: false; why: string } {
  const match = /^vapid t=([A-Za-z0-9_\-.]+), ?k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { ok: false, why: 'no vapid authorization' };
  const [, token, key] = match as unknown as [string, string, string];
  if (expect.publicKey !== undefined && key !== expect.publicKey) return { ok: false, why: 'k is not the application server key' };
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { ok: false, why: 'k is not a P-256 point' };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, why: 'not a JWT' };
  const [head, body, signature] = parts as [string, string, string];
  const joseHeader = JSON.parse(Buffer.from(head, 'base64url').toString()) as { typ?: string; alg?: string };
  if (joseHeader.alg !== 'ES256' || joseHeader.typ !== 'JWT') return { ok: false, why: 'header is not {typ:JWT, alg:ES256}' };
  const sig = Buffer.from(signature, 'base64url');
  if (sig.length !== 64) return { ok: false, why: 'signature is not JOSE r||s' };
  if (!verify('sha256', Buffer.from(`${head}.${body}`), { key: p256Key(point), dsaEncoding: 'ieee-p1363' }, sig)) return { ok: false, why: 'bad signature' };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== expect.audience) return { ok: false, why: `aud ${claims.aud} is not ${expect.audience}` };
  if (!(claims.exp > expect.nowS) || claims.exp > expect.nowS + 86_400) return { ok: false, why: 'exp is past or more than 24 h ahead' };
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(claims.sub)) return { ok: false, why: 'sub is not mailto: or https:' };
  return { ok: true, claims };
}

interface Client {
  id: string;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  answer: number;
  messages: string[];
}

export interface Delivered {
  client: string;
  status: number;
  why?: string;
  ttl?: string;
  urgency?: string;
}

export interface PushStandIn {
  origin: string;
  /** A new browser subscription: its JSON (what PushSubscription.toJSON gives) and its id here. */
  subscribe(): { id: string; json: { endpoint: string; keys: { p256dh: string; auth: string } } };
  /** The application server key every request must carry (the deployment's VAPID public key). */
  expectKey(publicKey: string): void;
  /** What the subscription answers from now on (201 by default). */
  answerWith(id: string, status: number): void;
  /** Plaintexts decrypted for a subscription, oldest first. */
  messages(id: string): string[];
  /** Every request, with its answer and, when refused, why. */
  log: Delivered[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function pushStandInStart(): Promise<PushStandIn> {
  const clients = new Map<string, Client>();
  const log: Delivered[] = [];
  let appServerKey: string | undefined;
  let origin = '';
  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/push\/([\w-]+)$/.exec(request.url ?? '');
      const client = match ? clients.get(match[1]!) : undefined;
      const body = await bodyOf(request);
      const answer = (status: number, why?: string) => {
        log.push({
          client: client?.id ?? '',
          status,
          why,
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
        });
        response.writeHead(status).end(why ?? '');
      };
      if (request.method !== 'POST' || !client) return answer(404, 'no such subscription');
      if (client.answer !== 201) return answer(client.answer);
      const vapid = vapidCheck(request.headers.authorization, { audience: origin, publicKey: appServerKey, nowS: Math.floor(Date.now() / 1000) });
      if (!vapid.ok) return answer(403, vapid.why);
      if (request.headers['content-encoding'] !== 'aes128gcm') return answer(400, 'content-encoding is not aes128gcm');
      if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) return answer(400, 'TTL header missing');
      if (body.length > 4096) return answer(413, 'payload too large');
      try {
        client.messages.push(aes128gcmDecrypt(body, client).toString('utf8'));
      } catch (error) {
        return answer(400, `decrypt failed: ${(error as Error).message}`);
      }
      return answer(201);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const client: Client = { id: randomUUID(), ecdh, publicKey, auth: randomBytes(16), answer: 201, messages: [] };
      clients.set(client.id, client);
      return { id: client.id, json: { endpoint: `${origin}/push/${client.id}`, keys: { p256dh: b64u(publicKey), auth: b64u(client.auth) } } };
    },
    expectKey(publicKey) {
      appServerKey = publicKey;
    },
    answerWith(id, status) {
      clients.get(id)!.answer = status;
    },
    messages: (id) => [...(clients.get(id)?.messages ?? [])],
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
