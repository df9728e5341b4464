/**
 * The service worker's update flow on the page side (decision 053): a new build's worker installs and waits; the page
 * learns of it here and offers to reload. The player's yes sends SKIP_WAITING; the page reloads once the new worker
 * controls it. Nothing updates silently (a bet slip is never lost to a reload the player did not ask for).
 */
const UPDATE_CHECK_MS = 30 * 60 * 1000;
/** After the player's yes to a new build, the page reloads at the latest this long after, taken over or not. */
export const TAKEOVER_MAX_MS = 5_000;

export function swSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator;
}

/** Registers /sw.js and calls `onWaiting` with a waiting worker whenever a new build is ready. Returns a stop. */
export function swWatch(onWaiting: (worker: ServiceWorker) => void): () => void {
  if (!swSupported()) return () => undefined;
  let stopped = false;
  let timer: number | undefined;
  const onVisible = (registration: ServiceWorkerRegistration) => () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  };
  let visibility: (() => void) | undefined;
  void navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      if (stopped) return;
      const waitingSeen = () => {
        // A waiting worker with a controller in place is an update (the first install takes over at once).
        if (registration.waiting && navigator.serviceWorker.controller) onWaiting(registration.waiting);
      };
      waitingSeen();
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') waitingSeen();
        });
      });
      timer = window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      visibility = onVisible(registration);
      document.addEventListener('visibilitychange', visibility);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    if (timer !== undefined) window.clearInterval(timer);
    if (visibility) document.removeEventListener('visibilitychange', visibility);
  };
}

/**
 * The player said yes: the waiting worker takes over, and the page reloads under it — as soon as it controls the page
 * or has activated, at once when it already has (another tab said yes first: its takeover fired this page's
 * `controllerchange` before anyone here listened, and a button waiting for it did nothing), and at the latest after
 * `TAKEOVER_MAX_MS` (Chromium activates only once the old worker has no event in progress). Reloaded under
 * the old worker, the page is still the new build: pages come from the network, and a hashed asset of the new build
 * is in no old cache.
 */
export function swUpdateApply(worker: ServiceWorker): void {
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  };
  if (worker.state === 'activated' || worker.state === 'redundant' || navigator.serviceWorker.controller === worker) {
    reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated' || worker.state === 'redundant') reload();
  });
  window.setTimeout(reload, TAKEOVER_MAX_MS);
  worker.postMessage({ type: 'SKIP_WAITING' });
}
