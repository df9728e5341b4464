import { ERRORS, HEADER_APP_KEY, HEADER_APP_NAME, mdUpload, type TrackingClientEvent, type TrackingParams } from '@piranha/contract';
import { i18n } from '../i18n/translate.ts';
import { randomId } from '../random-id.ts';
import { sessionHeadersOf } from '../session/session-headers.ts';
import { useSessionStore } from '../session/session-store.ts';
import { variantCurrent } from '../variant/variant-detect.ts';
import { trackerCreate, type SendOutcome, type TrackedEvent } from './tracker.ts';
import { visitorId } from './visitor-id.ts';
import { attributionCurrent } from './attribution.ts';
import { hostAllowed } from '../hosts/host-allow.ts';
import { STORAGE_KEYS, storageGet } from '../storage.ts';

/** A refusal that a repeat would not change (bad input) drops the batch; the network, 5xx and the rate limit retry. */
async function send(events: readonly TrackedEvent[], keepalive: boolean): Promise<SendOutcome> {
  const variant = variantCurrent();
  const query = new URLSearchParams({
    ik_appid: variant.appKey,
    lca_coun: variant.country,
    app_group: variant.appGroup,
    cv: `${variant.cvPrefix}_1.0.0`,
    lca_lang: i18n.language || variant.defaultLang,
    uuid: visitorId(),
    ...attributionCurrent(),
    _t: String(Date.now()),
  });
  // The tracking host (dynconfig maidian_host) when one is stored and on the allow-list; else this origin.
  const stored = storageGet<string>(STORAGE_KEYS.trackingHost);
  const base = hostAllowed(stored, window.location, variant.officialDomain) ? stored : '';
  try {
    const response = await fetch(`${base}${mdUpload.path}?${query.toString()}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [HEADER_APP_KEY]: variant.appKey,
        [HEADER_APP_NAME]: variant.appName,
        ...sessionHeadersOf(useSessionStore.getState().login),
      },
      body: JSON.stringify({ events }),
      credentials: 'include',
      keepalive,
    });
    if (response.status >= 500 || response.status === 429) return 'retry';
    const envelope = (await response.json().catch(() => undefined)) as { dm_error?: number } | undefined;
    if (envelope?.dm_error === ERRORS.RATE_LIMITED.code || envelope?.dm_error === ERRORS.INTERNAL.code) return 'retry';
    return 'sent';
  } catch {
    return 'retry';
  }
}

/** Starts the tracker once: a flush loop, and a keepalive flush whenever the page is hidden or left. */
export function trackerRuntime() {
  const tracker = trackerCreate({ send });
  const uuid = visitorId();
  const loop = () => {
    void tracker.flush().finally(() => setTimeout(loop, tracker.nextDelayMs()));
  };
  setTimeout(loop, tracker.nextDelayMs());
  const flushNow = () => void tracker.flush(true);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushNow();
  });
  window.addEventListener('pagehide', flushNow);

  return {
    track<E extends TrackingClientEvent>(event: E, params: TrackingParams[E], time: number): void {
      const variant = variantCurrent();
      tracker.add({ event, eid: randomId(), uuid, time, cc: variant.country, cv: `${variant.cvPrefix}_1.0.0`, params: { ...params } });
    },
  };
}
