import type { TrackingClientEvent, TrackingParams } from '@piranha/contract';
import type { trackerRuntime } from './tracker-runtime.ts';

type Runtime = ReturnType<typeof trackerRuntime>;
interface Waiting {
  event: TrackingClientEvent;
  params: TrackingParams[TrackingClientEvent];
  time: number;
}

/** Events recorded before the tracker module arrived; bounded like its queue. */
const WAITING_MAX = 200;
let runtime: Runtime | undefined;
let waiting: Waiting[] = [];
let loading = false;

/**
 * Records one tracking event (decision 030). This file is all a page pays for up front: the batching tracker is
 * loaded on the first event, off the first screen's path, and nothing here can throw into the caller.
 */
export function track<E extends TrackingClientEvent>(event: E, params: TrackingParams[E]): void {
  try {
    const time = Date.now();
    if (runtime) {
      runtime.track(event, params, time);
      return;
    }
    waiting.push({ event, params, time });
    if (waiting.length > WAITING_MAX) waiting.shift();
    if (loading) return;
    loading = true;
    import('./tracker-runtime.ts')
      .then((module) => {
        runtime = module.trackerRuntime();
        for (const entry of waiting) runtime.track(entry.event, entry.params, entry.time);
        waiting = [];
      })
      .catch(() => {
        // The chunk did not load (offline): the next event tries again.
        loading = false;
      });
  } catch {
    // Tracking never gets in the player's way.
  }
}
