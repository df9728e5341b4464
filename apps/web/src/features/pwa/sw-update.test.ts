import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { swUpdateApply, TAKEOVER_MAX_MS } from './sw-update.ts';

/** A page's service-worker container and a worker, in stand-ins: what was posted, and how often the page reloaded. */
function pageWith(state: ServiceWorkerState) {
  const container = new EventTarget() as EventTarget & { controller: unknown };
  container.controller = null;
  const worker = Object.assign(new EventTarget(), { state, posted: [] as unknown[] });
  Object.assign(worker, { postMessage: (message: unknown) => worker.posted.push(message) });
  const reload = vi.fn();
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', { location: { reload }, setTimeout: globalThis.setTimeout });
  const becomes = (next: ServiceWorkerState) => {
    worker.state = next;
    worker.dispatchEvent(new Event('statechange'));
  };
  return { container, worker, reload, becomes, apply: () => swUpdateApply(worker as unknown as ServiceWorker) };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('swUpdateApply (decision 053)', () => {
  it('asks the waiting worker to take over and reloads once, when it controls the page', () => {
    const tab = pageWith('installed');
    tab.apply();
    expect(tab.worker.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(tab.reload).not.toHaveBeenCalled();
    tab.container.dispatchEvent(new Event('controllerchange'));
    tab.becomes('activated');
    vi.advanceTimersByTime(TAKEOVER_MAX_MS);
    expect(tab.reload).toHaveBeenCalledTimes(1);
  });

  it("reloads at once when another tab's yes already made the worker active: no takeover is left to wait for", () => {
    const tab = pageWith('activated');
    tab.apply();
    expect(tab.reload).toHaveBeenCalledTimes(1);
    expect(tab.worker.posted).toEqual([]);
  });

  it('reloads when the worker has activated even if no controllerchange reaches the page', () => {
    const tab = pageWith('installed');
    tab.apply();
    tab.becomes('activating');
    expect(tab.reload).not.toHaveBeenCalled();
    tab.becomes('activated');
    expect(tab.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads after the longest wait when the old worker keeps the new one waiting', () => {
    const tab = pageWith('installed');
    tab.apply();
    vi.advanceTimersByTime(TAKEOVER_MAX_MS - 1);
    expect(tab.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tab.reload).toHaveBeenCalledTimes(1);
  });
});
