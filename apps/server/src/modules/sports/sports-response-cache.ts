import { createHash } from 'node:crypto';

/**
 * Serialised answers per (query key, feed version): a poll of an unchanged snapshot is a map lookup and a string
 * send, never a rebuild. The ETag is a hash of the body, so an answer that comes out the same at a later version
 * (nothing the client asked about moved) keeps its ETag and If-None-Match still answers 304.
 */

export interface CachedBody {
  readonly body: string;
  /** The body encoded once, so a send copies bytes instead of encoding the string again. */
  readonly bytes: Buffer;
  readonly etag: string;
}

export interface ResponseCache {
  get(key: string, version: number, build: () => string): CachedBody;
}

/** The success envelope around already-serialised data, byte for byte what `envelopeOk` would give. */
export function envelopeOkJson(dataJson: string): string {
  return `{"dm_error":0,"error_msg":"","data":${dataJson}}`;
}

export function responseCacheCreate(maxKeys = 5_000): ResponseCache {
  const entries = new Map<string, { version: number; cached: CachedBody }>();
  return {
    get(key, version, build) {
      const hit = entries.get(key);
      if (hit && hit.version === version) return hit.cached;
      const body = envelopeOkJson(build());
      const etag = hit && hit.cached.body === body ? hit.cached.etag : `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
      const cached = { body, bytes: Buffer.from(body, 'utf8'), etag };
      // Re-inserting moves the key to the end, so the oldest-used key is the first to go when full.
      entries.delete(key);
      entries.set(key, { version, cached });
      if (entries.size > maxKeys) entries.delete(entries.keys().next().value as string);
      return cached;
    },
  };
}

/** True when an If-None-Match header names this ETag (or is `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
