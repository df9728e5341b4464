import { randomId } from '../../shared/random-id.ts';
import { logReport } from '@piranha/contract';
import { firstScreenLoading, TIMERS } from '@piranha/domain';
import { api } from '../../shared/api/api.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';

/**
 * First-screen loading (spec §4): two flags — the page's data and the page's resources — and when both are
 * done (3) the loading time is reported once. A failed report is retried every 3 s, at most 10,000 times.
 */
let dataDone = false;
let resourcesDone = false;
let reported = false;
const logSession = randomId();

async function reportWithRetry(loadingMs: number): Promise<void> {
  const body = { eid: 'first_screen', log_ses: logSession, data: { loading_ms: loadingMs }, ui_version: variantCurrent().flags.uiV3 ? 3 : 1 };
  for (let attempt = 0; attempt < TIMERS.logRetryMax; attempt += 1) {
    try {
      await api.call(logReport, { body });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, TIMERS.logRetryMs));
    }
  }
}

const doneListeners: (() => void)[] = [];

/** Calls `listener` once the first screen has its data and resources (at once if it has): the native shell's loader waits for it. */
export function firstScreenOnDone(listener: () => void): void {
  if (reported) listener();
  else doneListeners.push(listener);
}

function maybeReport(): void {
  if (reported || firstScreenLoading(dataDone, resourcesDone) !== 3) return;
  reported = true;
  for (const listener of doneListeners.splice(0)) listener();
  void reportWithRetry(Math.round(performance.now()));
}

/** Pages call this when their first data has arrived. */
export function firstScreenDataDone(): void {
  dataDone = true;
  maybeReport();
}

export function firstScreenWatchResources(): void {
  const done = () => {
    resourcesDone = true;
    maybeReport();
  };
  if (document.readyState === 'complete') done();
  else window.addEventListener('load', done, { once: true });
}
