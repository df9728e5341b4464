import { describe, expect, it } from 'vitest';
import { isApiUrl, requestIdNext } from './security-headers.ts';

describe('requestIdNext', () => {
  it('gives 16 hex characters, never the same twice, across many refills of its random pool', () => {
    const ids = new Set<string>();
    for (let index = 0; index < 5_000; index++) {
      const id = requestIdNext();
      expect(id).toMatch(/^[0-9a-f]{16}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(5_000);
  });
});

describe('isApiUrl', () => {
  it('takes /api, /api/… and /api?… as the API, and nothing that merely starts with the letters', () => {
    expect(['/api', '/api/', '/api/v1/conf/global', '/api?x=1'].every(isApiUrl)).toBe(true);
    expect(['/', '/apidocs', '/apis/x', '/assets/api.js', '/brand/api.svg'].some(isApiUrl)).toBe(false);
  });
});
