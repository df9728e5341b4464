import { describe, expect, it } from 'vitest';
import { responseCacheCreate } from './sports-response-cache.ts';

describe('responseCacheCreate', () => {
  it('builds once per version, and keeps the ETag when a later version gives the same body', () => {
    const cache = responseCacheCreate();
    let builds = 0;
    const build = (text: string) => () => {
      builds++;
      return JSON.stringify({ text });
    };
    const first = cache.get('k', 1, build('a'));
    expect(cache.get('k', 1, build('ignored'))).toBe(first);
    expect(builds).toBe(1);
    expect(first.bytes.toString()).toBe('{"dm_error":0,"error_msg":"","data":{"text":"a"}}');
    expect(cache.get('k', 2, build('a')).etag).toBe(first.etag);
    expect(cache.get('k', 3, build('b')).etag).not.toBe(first.etag);
    expect(builds).toBe(3);
  });

  it('peeks at the answer of the current version only, building nothing', () => {
    const cache = responseCacheCreate();
    expect(cache.peek('k', 1)).toBeUndefined();
    const cached = cache.get('k', 1, () => '1');
    expect(cache.peek('k', 1)).toBe(cached);
    expect(cache.peek('k', 2)).toBeUndefined();
  });

  it('forgets the oldest keys beyond its key and byte limits', () => {
    const cache = responseCacheCreate({ maxKeys: 10, maxBytes: 400 });
    let builds = 0;
    const build = () => {
      builds++;
      return JSON.stringify('x'.repeat(100));
    };
    for (const key of ['a', 'b', 'c', 'd']) cache.get(key, 1, build);
    expect(builds).toBe(4);
    cache.get('d', 1, build);
    expect(builds).toBe(4);
    // Four bodies of ~140 bytes exceed 400: the oldest ones were dropped and are built again.
    cache.get('a', 1, build);
    expect(builds).toBe(5);
  });
});
