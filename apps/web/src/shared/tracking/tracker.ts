import type { TrackingClientEvent } from '@piranha/contract';

/** One event as uploaded (contract report.ts `mdUpload`): no e-mail, phone, name or secret ever goes in `params`. */
export interface TrackedEvent {
  event: TrackingClientEvent;
  /** The client's id for the event: a retried upload is stored once. */
  eid: string;
  /** The install (visitor) id. */
  uuid: string;
  time: number;
  cc: string;
  cv: string;
  params: Record<string, string | number | boolean>;
}

/** What an upload came to: `sent` (stored or refused for good, so dropped) or `retry` (network, 5xx, rate limit). */
export type SendOutcome = 'sent' | 'retry';

export interface TrackerDeps {
  send: (events: readonly TrackedEvent[], keepalive: boolean) => Promise<SendOutcome>;
}

/** Events per upload (the contract's maximum). */
export const TRACKING_BATCH_MAX = 50;
/** Events kept while the network is down; the oldest go first beyond it, so memory stays bounded. */
export const TRACKING_QUEUE_MAX = 200;
/** Regular flush interval, and the base of the back-off after failures. */
export const TRACKING_FLUSH_MS = 4000;
const BACKOFF_STEPS_MAX = 5;

/**
 * The batching core (decision 030): events wait in a bounded queue and go in batches; a failed batch goes back to
 * the front and is tried again later with a growing delay. Nothing here throws or waits on the player's path.
 */
export function trackerCreate(deps: TrackerDeps) {
  let queue: TrackedEvent[] = [];
  let inFlight = false;
  let failures = 0;

  function trim(): void {
    if (queue.length > TRACKING_QUEUE_MAX) queue = queue.slice(queue.length - TRACKING_QUEUE_MAX);
  }

  /**
   * Sends what is queued, batch by batch. `keepalive` (the page is being hidden or left) sends every batch at once
   * with a request that outlives the page, even while a regular flush is under way.
   */
  async function flush(keepalive = false): Promise<void> {
    if (queue.length === 0 || (inFlight && !keepalive)) return;
    if (keepalive) {
      const batches: TrackedEvent[][] = [];
      while (queue.length > 0) batches.push(queue.splice(0, TRACKING_BATCH_MAX));
      const outcomes = await Promise.all(batches.map((batch) => deps.send(batch, true).catch((): SendOutcome => 'retry')));
      // A page that stays (only hidden) keeps what did not go for the next flush.
      const left = batches.filter((_, index) => outcomes[index] === 'retry').flat();
      queue = [...left, ...queue];
      trim();
      return;
    }
    inFlight = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, TRACKING_BATCH_MAX);
        const outcome = await deps.send(batch, false).catch((): SendOutcome => 'retry');
        if (outcome === 'retry') {
          failures += 1;
          queue = [...batch, ...queue];
          trim();
          return;
        }
        failures = 0;
      }
    } finally {
      inFlight = false;
    }
  }

  return {
    add(event: TrackedEvent): void {
      queue.push(event);
      trim();
    },
    flush,
    /** When the next regular flush is due: the interval, doubled for each failure in a row (at most 32 times). */
    nextDelayMs(): number {
      return TRACKING_FLUSH_MS * 2 ** Math.min(failures, BACKOFF_STEPS_MAX);
    },
    pending(): readonly TrackedEvent[] {
      return queue;
    },
  };
}
export type Tracker = ReturnType<typeof trackerCreate>;
