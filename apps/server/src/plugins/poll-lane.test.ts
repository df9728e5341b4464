import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, etagMatches, representationOf } from './poll-lane.ts';

describe('etagMatches', () => {
  it('reads lists, weak forms and the wildcard', () => {
    expect(etagMatches('"y"', '"y"')).toBe(true);
    expect(etagMatches('"x", W/"y"', '"y"')).toBe(true);
    expect(etagMatches(' * ', '"z"')).toBe(true);
    expect(etagMatches('"x"', '"y"')).toBe(false);
    expect(etagMatches(undefined, '"y"')).toBe(false);
  });
});

describe('acceptsGzip', () => {
  it('takes gzip when listed or covered by *, unless its weight is zero', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('xgzip')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });
});

describe('representationOf', () => {
  const large = { bytes: Buffer.from(JSON.stringify({ data: 'Sport Itaberá '.repeat(200) })), etag: '"abc"' };

  it('compresses a large answer once, with an ETag of its own, for clients that take gzip', () => {
    const gzip = representationOf(large, 'gzip, deflate');
    expect(gzip.gzip).toBe(true);
    expect(gzip.etag).toBe('"abc-gz"');
    expect(gunzipSync(gzip.bytes)).toStrictEqual(large.bytes);
    expect(gzip.bytes.length).toBeLessThan(large.bytes.length / 10);
    expect(representationOf(large, 'br, gzip')).toBe(gzip);
    const identity = representationOf(large, undefined);
    expect(identity).toStrictEqual({ bytes: large.bytes, etag: '"abc"', gzip: false });
  });

  it('sends a small answer as it is whatever the client takes', () => {
    const small = { bytes: Buffer.from('{"dm_error":0}'), etag: '"s"' };
    expect(representationOf(small, 'gzip')).toStrictEqual({ bytes: small.bytes, etag: '"s"', gzip: false });
  });
});
