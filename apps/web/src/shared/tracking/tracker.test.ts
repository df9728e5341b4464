import { describe, expect, it } from 'vitest';
import { TRACKING_BATCH_MAX, TRACKING_FLUSH_MS, TRACKING_QUEUE_MAX, trackerCreate, type SendOutcome, type TrackedEvent } from './tracker.ts';

const eventOf = (n: number): TrackedEvent => ({
  event: 'page_view',
  eid: `event-${String(n).padStart(6, '0')}`,
  uuid: 'visitor-0001',
  time: n,
  cc: 'BR',
  cv: 'PIRANH_1.0.0',
  params: { page: '/sport' },
});

function recorder(outcomes: SendOutcome[] = []) {
  const sent: { eids: string[]; keepalive: boolean }[] = [];
  return {
    sent,
    send: (events: readonly TrackedEvent[], keepalive: boolean) => {
      sent.push({ eids: events.map((e) => e.eid), keepalive });
      return Promise.resolve(outcomes.shift() ?? 'sent');
    },
  };
}

describe('tracker', () => {
  it('sends queued events in batches of at most the contract maximum, in order', async () => {
    const network = recorder();
    const tracker = trackerCreate(network);
    for (let n = 0; n < 120; n += 1) tracker.add(eventOf(n));
    await tracker.flush();
    expect(network.sent.map((s) => s.eids.length)).toEqual([TRACKING_BATCH_MAX, TRACKING_BATCH_MAX, 20]);
    expect(network.sent.flatMap((s) => s.eids)).toEqual(Array.from({ length: 120 }, (_, n) => eventOf(n).eid));
    expect(tracker.pending()).toEqual([]);
  });

  it('keeps a failed batch in front, backs off, and sends it again with the same ids', async () => {
    const network = recorder(['retry', 'retry']);
    const tracker = trackerCreate(network);
    tracker.add(eventOf(1));
    await tracker.flush();
    expect(tracker.nextDelayMs()).toBe(TRACKING_FLUSH_MS * 2);
    tracker.add(eventOf(2));
    await tracker.flush();
    expect(tracker.nextDelayMs()).toBe(TRACKING_FLUSH_MS * 4);
    await tracker.flush();
    expect(network.sent.map((s) => s.eids)).toEqual([[eventOf(1).eid], [eventOf(1).eid, eventOf(2).eid], [eventOf(1).eid, eventOf(2).eid]]);
    expect(tracker.pending()).toEqual([]);
    expect(tracker.nextDelayMs()).toBe(TRACKING_FLUSH_MS);
  });

  it('treats a throwing sender as a failure, never throwing itself', async () => {
    const tracker = trackerCreate({ send: () => Promise.reject(new Error('offline')) });
    tracker.add(eventOf(1));
    await expect(tracker.flush()).resolves.toBeUndefined();
    expect(tracker.pending().map((e) => e.eid)).toEqual([eventOf(1).eid]);
  });

  it('bounds the queue while the network is down, dropping the oldest', () => {
    const tracker = trackerCreate(recorder());
    for (let n = 0; n < TRACKING_QUEUE_MAX + 30; n += 1) tracker.add(eventOf(n));
    expect(tracker.pending()).toHaveLength(TRACKING_QUEUE_MAX);
    expect(tracker.pending()[0]!.eid).toBe(eventOf(30).eid);
  });

  it('sends everything with keepalive when the page hides, keeping what failed', async () => {
    const network = recorder(['sent', 'retry']);
    const tracker = trackerCreate(network);
    for (let n = 0; n < 70; n += 1) tracker.add(eventOf(n));
    await tracker.flush(true);
    expect(network.sent.map((s) => [s.eids.length, s.keepalive])).toEqual([
      [50, true],
      [20, true],
    ]);
    expect(tracker.pending().map((e) => e.eid)).toEqual(Array.from({ length: 20 }, (_, n) => eventOf(50 + n).eid));
  });
});
