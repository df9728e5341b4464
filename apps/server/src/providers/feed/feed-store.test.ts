import { describe, expect, it } from 'vitest';
import { feedStoreWriter, feedWriteMerge, type FeedStore, type FeedWrite } from './feed-store.ts';

function batchAt(simulatedAtMs: number, states: { matchId: number; secondsRun: number }[] = []): FeedWrite {
  return {
    cursor: { wallAtMs: simulatedAtMs, simulatedAtMs, matchIdNext: 1, dayNextMs: 0, dayIndex: 0 },
    fixtures: [],
    states: states.map((state) => ({ ...state, status: 'live', endedAtMs: null, saved: {} as never })),
    results: [],
  };
}

function storeRecording(): FeedStore & { written: FeedWrite[]; failing: boolean } {
  const store = {
    written: [] as FeedWrite[],
    failing: false,
    load: async () => undefined,
    async write(batch: FeedWrite) {
      await Promise.resolve();
      if (store.failing) throw new Error('database away');
      store.written.push(batch);
    },
  };
  return store;
}

describe('feedStoreWriter', () => {
  it('keeps writing after being asked to wait with nothing to write', async () => {
    const store = storeRecording();
    const writer = feedStoreWriter(store, () => {});
    await writer.persisted();
    writer.enqueue(batchAt(1));
    await writer.persisted();
    await writer.persisted();
    writer.enqueue(batchAt(2));
    await writer.persisted();
    expect(store.written.map((batch) => batch.cursor.simulatedAtMs)).toEqual([1, 2]);
  });

  it('writes batches queued during a write together, in order, before `persisted` resolves', async () => {
    const store = storeRecording();
    const writer = feedStoreWriter(store, () => {});
    writer.enqueue(batchAt(1, [{ matchId: 7, secondsRun: 10 }]));
    writer.enqueue(batchAt(2, [{ matchId: 7, secondsRun: 20 }]));
    writer.enqueue(batchAt(3, [{ matchId: 8, secondsRun: 5 }]));
    await writer.persisted();
    expect(store.written.map((batch) => batch.cursor.simulatedAtMs)).toEqual([1, 3]);
    expect(store.written[1]!.states.map((state) => [state.matchId, state.secondsRun])).toEqual([
      [7, 20],
      [8, 5],
    ]);
  });

  it('keeps a failed batch and writes it with the next one; whoever waits hears of the failure', async () => {
    const store = storeRecording();
    const errors: unknown[] = [];
    const writer = feedStoreWriter(store, (error) => errors.push(error));
    store.failing = true;
    writer.enqueue(batchAt(1, [{ matchId: 7, secondsRun: 10 }]));
    await expect(writer.persisted()).rejects.toThrow('database away');
    expect(errors).toHaveLength(1);
    store.failing = false;
    writer.enqueue(batchAt(2, [{ matchId: 8, secondsRun: 5 }]));
    await writer.persisted();
    expect(store.written).toHaveLength(1);
    expect(store.written[0]!.states.map((state) => state.matchId)).toEqual([7, 8]);
  });
});

describe('feedWriteMerge', () => {
  it('never lets an older state of a match replace a later one, and keeps the later cursor', () => {
    const merged = feedWriteMerge(batchAt(5, [{ matchId: 7, secondsRun: 50 }]), batchAt(4, [{ matchId: 7, secondsRun: 40 }]));
    expect(merged.states.map((state) => state.secondsRun)).toEqual([50]);
    expect(merged.cursor.simulatedAtMs).toBe(5);
  });
});
