import { useEffect, useState } from 'react';
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

/** Pages that report no first data (a match's detail, an account page) settle this long after the app mounts. */
const SETTLE_WITHOUT_REPORT_MS = 3_000;

/**
 * False until the first screen is done (its data and resources, or SETTLE_WITHOUT_REPORT_MS for a page that reports
 * none) and the browser has had an idle moment: what the first screen does not show — the top message bar, the install
 * bar, the new-version prompt — waits for it, so its code, requests and drawing do not compete with the largest
 * element and the first taps (Lighthouse, decision 077).
 */
export function useFirstScreenSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let started = false;
    const settle = () => {
      if (started) return;
      started = true;
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => setSettled(true), { timeout: 1_000 });
      else setTimeout(() => setSettled(true), 0);
    };
    firstScreenOnDone(settle);
    const timer = setTimeout(settle, SETTLE_WITHOUT_REPORT_MS);
    return () => clearTimeout(timer);
  }, []);
  return settled;
}
