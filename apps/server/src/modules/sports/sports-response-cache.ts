import { createHash } from 'node:crypto';

/**
 * Serialised answers per (query key, feed version): a poll of an unchanged snapshot is a map lookup and a send of
 * bytes encoded once, never a rebuild. The ETag is a hash of the body, so an answer that comes out the same at a
 * later version (nothing the client asked about moved) has the same ETag and If-None-Match still answers 304.
 * The cache is bounded by its number of keys and its bytes, oldest-used first out, so varied queries (search
 * words, id lists) cannot grow it without limit.
 */

export interface CachedBody {
  /** The envelope, encoded once. */
  readonly bytes: Buffer;
  readonly etag: string;
}

export interface ResponseCache {
  get(key: string, version: number, build: () => string): CachedBody;
  /** The cached answer of a key when it is of this version, else undefined (nothing is built). */
  peek(key: string, version: number): CachedBody | undefined;
}

/** The success envelope around already-serialised data, byte for byte what `envelopeOk` would give. */
export function envelopeOkJson(dataJson: string): string {
  return `{"dm_error":0,"error_msg":"","data":${dataJson}}`;
}

export function responseCacheCreate(limits: { maxKeys?: number; maxBytes?: number } = {}): ResponseCache {
  const maxKeys = limits.maxKeys ?? 5_000;
  const maxBytes = limits.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, { version: number; cached: CachedBody }>();
  let bytesHeld = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytesHeld -= entry.cached.bytes.length;
    entries.delete(key);
  };
  return {
    get(key, version, build) {
      const hit = entries.get(key);
      if (hit && hit.version === version) return hit.cached;
      const bytes = Buffer.from(envelopeOkJson(build()), 'utf8');
      const cached = { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"` };
      // Re-inserting moves the key to the end, so the oldest-used key is the first to go when full.
      forget(key);
      entries.set(key, { version, cached });
      bytesHeld += bytes.length;
      while (entries.size > 1 && (entries.size > maxKeys || bytesHeld > maxBytes)) forget(entries.keys().next().value as string);
      return cached;
    },
    peek(key, version) {
      const hit = entries.get(key);
      return hit && hit.version === version ? hit.cached : undefined;
    },
  };
}
