import { ODDS_DELTA_MATCHES_MAX, realtimeTopic, type RealtimeEvent } from '@piranha/contract';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import type { SportsState } from './sports-state.ts';

/**
 * Odds pushed (decision 075). After each feed snapshot this node's sports state applied, the matches whose
 * `incrCursor` moved past the last pushed version — status, score, periods, suspension or prices; the clock alone
 * never counts — go out as one `odds_changed` delta to every brand's odds topic that has a socket on this node.
 *
 * Every node holds the feed (the leader its simulator, the others a replica playing the same matches, decision 021),
 * so each node pushes to its own sockets from its own state: nothing crosses the bus, nothing is published twice, and
 * the delta matches what this node's polls answer. Versions differ a little between nodes (each ticks on its own
 * clock); a page that moves to another node sees `from` differ from what it holds and reads again once.
 *
 * The event is serialized once per change and wrapped once per brand: the cost does not grow with the sockets.
 */
export interface OddsPush {
  /** Deltas sent, and frames written to sockets (tests and /metrics read them). */
  counts: { deltas: number; frames: number; built: number };
  stop(): void;
}

type OddsChanged = Extract<RealtimeEvent, { type: 'odds_changed' }>;

const ODDS_TOPIC_PREFIX = realtimeTopic.odds('');

/**
 * The `odds_changed` event between `from` and the state's current version, serialized, or undefined when nothing a
 * card shows changed. Each match's JSON is the state's cached string (the latest-odds poll's own), joined as is.
 */
export function oddsDeltaJson(state: SportsState, from: number): { to: number; json: string } | undefined {
  const to = state.version();
  const matches: string[] = [];
  let tooMany = false;
  for (const entry of state.entries()) {
    if (entry.incrCursor <= from) continue;
    if (matches.length >= ODDS_DELTA_MATCHES_MAX) {
      tooMany = true;
      break;
    }
    matches.push(state.oddsJson(entry, false));
  }
  const removed = state.removedSince(from);
  if (matches.length === 0 && removed !== undefined && removed.length === 0) return undefined;
  // More than a delta may name, or removals older than remembered: `from` -1 matches nothing a page holds, so it
  // reads its lists again.
  if (tooMany || removed === undefined || removed.length > ODDS_DELTA_MATCHES_MAX)
    return { to, json: JSON.stringify({ type: 'odds_changed', from: -1, to, matches: [], removed: [] } satisfies OddsChanged) };
  return { to, json: `{"type":"odds_changed","from":${from},"to":${to},"matches":[${matches.join(',')}],"removed":${JSON.stringify(removed)}}` };
}

export function oddsPushStart(state: SportsState, hub: RealtimeHub): OddsPush {
  const counts = { deltas: 0, frames: 0, built: 0 };
  let pushed = state.version();
  const onSnapshot = () => {
    const topics = hub.topicsOf(ODDS_TOPIC_PREFIX);
    // No odds socket on this node: nothing is built, and the next delta starts here (a socket joining later reads
    // its lists once at its first delta anyway).
    if (topics.length === 0) {
      pushed = state.version();
      return;
    }
    const delta = oddsDeltaJson(state, pushed);
    if (!delta) return;
    pushed = delta.to;
    counts.deltas += 1;
    const event = delta.json;
    for (const topic of topics) {
      counts.built += 1;
      // The frame as realtimeFrameOf writes it, around the one serialized event.
      counts.frames += hub.deliver(topic, `{"topic":${JSON.stringify(topic)},"event":${event}}`);
    }
  };
  const unsubscribe = state.feed.subscribe(onSnapshot);
  return { counts, stop: unsubscribe };
}
