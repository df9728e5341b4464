import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Provably fair randomness (integrations.md §7.2, Stake-style): the server commits SHA-256(serverSeed)
 * before play; each round's bytes are HMAC-SHA256(key = serverSeed, msg = `${clientSeed}:${nonce}:${round}`),
 * 32 bytes per `round`; 4 bytes make one float f = b0/256 + b1/256² + b2/256³ + b3/256⁴ ∈ [0, 1).
 * Pure JavaScript (@noble/hashes), so the verify page recomputes outcomes in the browser, even on a
 * plain-HTTP origin where crypto.subtle is missing.
 */

/** SHA-256 of the server seed's UTF-8 text, in hex: the commitment shown before play. */
export function fairSeedHash(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

export function hmacSha256(key: string | Uint8Array, message: string | Uint8Array): Uint8Array {
  return hmac(sha256, typeof key === 'string' ? utf8ToBytes(key) : key, typeof message === 'string' ? utf8ToBytes(message) : message);
}

export function hmacSha256Hex(key: string | Uint8Array, message: string | Uint8Array): string {
  return bytesToHex(hmacSha256(key, message));
}

/** The 32 bytes of one HMAC round. */
export function fairRoundBytes(serverSeed: string, clientSeed: string, nonce: number, round: number): Uint8Array {
  return hmacSha256(serverSeed, `${clientSeed}:${nonce}:${round}`);
}

/** Four bytes (from `offset`) as a float in [0, 1), exactly as the reference publishes. */
export function fairFloatOf(bytes: Uint8Array, offset: number): number {
  return bytes[offset]! / 256 + bytes[offset + 1]! / 256 ** 2 + bytes[offset + 2]! / 256 ** 3 + bytes[offset + 3]! / 256 ** 4;
}

/**
 * HMAC-SHA256 as a function of (key bytes, message): the pure-JS one by default; the server and long
 * simulations inject node:crypto's, which gives the same bytes several times faster.
 */
export type HmacFunction = (key: Uint8Array, message: string) => Uint8Array;

/** A source of floats in [0, 1): the games draw from it in a fixed order. */
export type FloatSource = () => number;

/**
 * The float stream of one bet: 8 floats per HMAC round, the cursor moving on to round 1, 2… as a game
 * needs more (a slot's free spins, a Plinko path, the Mines shuffle).
 */
export function fairFloatStream(serverSeed: string, clientSeed: string, nonce: number, hmacOf: HmacFunction = hmacSha256): FloatSource {
  const key = utf8ToBytes(serverSeed);
  let round = 0;
  let bytes = hmacOf(key, `${clientSeed}:${nonce}:0`);
  let offset = 0;
  return () => {
    if (offset === 32) {
      round += 1;
      bytes = hmacOf(key, `${clientSeed}:${nonce}:${round}`);
      offset = 0;
    }
    const value = fairFloatOf(bytes, offset);
    offset += 4;
    return value;
  };
}

/** The first `count` floats of a bet (for the verify page's "raw numbers" view). */
export function fairFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const next = fairFloatStream(serverSeed, clientSeed, nonce);
  return Array.from({ length: count }, () => next());
}

/** A fresh random seed in hex from the platform's CSPRNG (server: node's webcrypto; browser: window.crypto). */
export function fairSeedRandom(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return bytesToHex(buffer);
}
