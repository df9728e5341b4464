import { track } from './track.ts';

const SOURCE = /^[a-z0-9_]{1,32}$/;

/**
 * `push_opened` (decision 033): the web-push service worker's notificationclick opens the app with `?push=<source>`
 * (the push's type, e.g. first_charge_pop). It is recorded once and the parameter removed, so a reload or a shared
 * link does not count it again.
 */
export function pushOpenedCapture(location: { href: string }, history: Pick<History, 'replaceState'>): void {
  const url = new URL(location.href);
  const source = url.searchParams.get('push');
  if (source === null) return;
  url.searchParams.delete('push');
  history.replaceState(null, '', url.pathname + url.search + url.hash);
  if (SOURCE.test(source)) track('push_opened', { source });
}
