import { describe, expect, it } from 'vitest';
import { FEED_NODE_LAG_MAX, feedShownNewer } from './feed-version.ts';

describe('which of two nodes’ answers a page keeps', () => {
  it('keeps the copy shown over an answer a node behind gives', () => {
    expect(feedShownNewer(245_000, 125_000)).toBe(true);
    expect(feedShownNewer(245_000, 245_000 - FEED_NODE_LAG_MAX)).toBe(true);
  });

  it('takes an answer of the same or a later version', () => {
    expect(feedShownNewer(125_000, 125_000)).toBe(false);
    expect(feedShownNewer(125_000, 245_000)).toBe(false);
  });

  it('takes the fresh answer when either has no version (a node of an earlier build during a rolling deploy)', () => {
    expect(feedShownNewer(245_000, undefined)).toBe(false);
    expect(feedShownNewer(undefined, 125_000)).toBe(false);
  });

  it('follows a feed that restarted far behind what was shown', () => {
    expect(feedShownNewer(1_000 + FEED_NODE_LAG_MAX + 1, 1_000)).toBe(false);
  });
});
