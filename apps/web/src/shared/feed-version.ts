/**
 * Feed versions (the simulated millisecond, decision 021) let a page tell two server nodes' answers apart: behind a
 * load balancer its polls alternate nodes whose views of the feed may be a tick apart, and what it shows must never
 * step back to the older view.
 */

/**
 * How far an answer may trail the copy shown and still be another node's view a tick behind — two nodes differ by one
 * tick, two simulated minutes at the fastest feed. Further back, the feed itself restarted, and the page follows it.
 */
export const FEED_NODE_LAG_MAX = 10 * 60_000;

/**
 * True when the copy shown is another node's newer view than the fresh answer, so the page keeps it. A version
 * missing on either (a node of an earlier build, during a rolling deploy) decides nothing: the fresh answer is taken.
 */
export function feedShownNewer(shownVersion: number | undefined, freshVersion: number | undefined): boolean {
  if (shownVersion === undefined || freshVersion === undefined) return false;
  return shownVersion > freshVersion && shownVersion - freshVersion <= FEED_NODE_LAG_MAX;
}
