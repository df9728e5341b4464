import { randomId } from '../random-id.ts';
import { createApiClient, ERRORS, errorReport, HEADER_APP_KEY, HEADER_APP_NAME, type FailedCallReport } from '@piranha/contract';
import { QueryClient } from '@tanstack/react-query';
import { languageBooting } from '../i18n/i18n.ts';
import { translate } from '../i18n/translate.ts';
import { sessionHeadersOf } from '../session/session-headers.ts';
import { useSessionStore, type StoredLogin } from '../session/session-store.ts';
import { hostAllowed } from '../hosts/host-allow.ts';
import { STORAGE_KEYS, storageGet } from '../storage.ts';
import { taskTurn } from '../task-turn.ts';
import { attributionCurrent } from '../tracking/attribution.ts';
import { visitorId } from '../tracking/visitor-id.ts';
import { toastShow } from '../ui/toast-store.ts';
import { currencyCurrent } from '../variant/currency-choice.ts';
import { variantCurrent } from '../variant/variant-detect.ts';

/** Failed calls waiting to be reported; bounded so a dead network cannot grow it without limit. */
const REPORT_QUEUE_MAX = 20;
let reportsPending = 0;

function failedCallReport(report: FailedCallReport): void {
  // Never report the reporter's own failures: that would loop on a dead network.
  if (report.uri === errorReport.path || reportsPending >= REPORT_QUEUE_MAX) return;
  reportsPending += 1;
  void api
    .call(errorReport, { body: report, idempotencyKey: randomId() })
    .catch(() => undefined)
    .finally(() => {
      reportsPending -= 1;
    });
  // Spec §8: the unexpected gets one global toast; expected refusals are handled where they happen.
  if (report.dm_error === 500) toastShow({ kind: 'error', text: translate('toast.minorIssue') });
  // The session sat idle too long for a money action: the player signs in again, then comes back to it.
  if (report.dm_error === ERRORS.REAUTH_REQUIRED.code) window.location.hash = '#/loginb?reauth=true';
}

export const api = createApiClient({
  hosts: () => {
    // A stored api host (dynconfig api_host) is used only while it is on the allow-list: never an arbitrary origin.
    const override = storageGet<string>(STORAGE_KEYS.apiHost);
    return hostAllowed(override, window.location, variantCurrent().officialDomain) ? { main: override, account: override } : {};
  },
  headers: () => {
    const variant = variantCurrent();
    // The session goes in headers (or, over HTTPS, only in the cookies), never in the URL: URLs end up in logs.
    return { [HEADER_APP_KEY]: variant.appKey, [HEADER_APP_NAME]: variant.appName, ...sessionHeadersOf(useSessionStore.getState().login) };
  },
  params: () => {
    const variant = variantCurrent();
    const { smid } = useSessionStore.getState();
    return {
      ik_appid: variant.appKey,
      lca_coun: variant.country,
      app_group: variant.appGroup,
      cv: `${variant.cvPrefix}_1.0.0`,
      currency: currencyCurrent(),
      lca_lang: languageBooting() || variant.defaultLang,
      smid: smid || undefined,
      // Spec §7: the install id and the landing link's attribution go with every call. The sports polls' caches
      // leave common parameters out of their keys, so these never split a cached answer (decision 033).
      uuid: visitorId(),
      ...attributionCurrent(),
      osversion: navigator.platform || undefined,
    };
  },
  // Each call builds and sends its request in a task of its own: a screen's first commit starts all its queries in
  // one task of effects, and their requests together made it one of the first screen's longest (decision 094).
  turn: taskTurn,
  onFailedCall: failedCallReport,
  session: () => useSessionStore.getState().login,
  onSessionExpired: (callSession) => {
    if (useSessionStore.getState().expire(callSession as StoredLogin | undefined)) window.location.hash = '#/loginb?expired=true';
  },
});

/** The client already retries what is safe to retry; the cache must not multiply that. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
