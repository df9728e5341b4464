import { describe, expect, it, vi } from 'vitest';
import { jobRunnerCreate } from './job-runner.ts';
import type { Leadership } from './leadership.ts';

/** A leadership the test hands over by hand. */
function leadershipManual(leader: boolean) {
  const listeners = new Set<(leader: boolean) => void>();
  const leadership: Leadership = {
    isLeader: () => leader,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {},
  };
  return {
    leadership,
    set(value: boolean) {
      leader = value;
      for (const listener of listeners) listener(value);
    },
  };
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const HOUR_MS = 3_600_000;

describe('the jobs runner', () => {
  it('never overlaps a job: triggers during a run ask for exactly one more run after it', async () => {
    const errors: unknown[] = [];
    const runner = jobRunnerCreate({ leadership: leadershipManual(true).leadership, log: { debug: () => {}, error: (details) => errors.push(details) } });
    const first = gate();
    let running = 0;
    let overlapped = false;
    let runs = 0;
    runner.register({
      name: 'slow',
      scope: 'node',
      everyMs: HOUR_MS,
      run: async () => {
        running += 1;
        overlapped ||= running > 1;
        runs += 1;
        if (runs === 1) await first.opened;
        running -= 1;
      },
    });
    const done = runner.trigger('slow');
    const during = [runner.trigger('slow'), runner.trigger('slow'), runner.trigger('slow')];
    first.open();
    await Promise.all([done, ...during]);
    expect(runs).toBe(2);
    expect(overlapped).toBe(false);
    expect(runner.stats()).toMatchObject([{ name: 'slow', runs: 2, failures: 0, running: false }]);
    expect(errors).toEqual([]);
    await runner.stop();
  });

  it('counts and logs a failing run by name, and the next run goes ahead', async () => {
    const errors: Record<string, unknown>[] = [];
    const runner = jobRunnerCreate({ leadership: leadershipManual(true).leadership, log: { debug: () => {}, error: (details) => errors.push(details) } });
    let calls = 0;
    runner.register({
      name: 'flaky',
      scope: 'leader',
      everyMs: HOUR_MS,
      run: () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
    });
    await runner.trigger('flaky');
    await runner.trigger('flaky');
    expect(runner.stats()).toMatchObject([{ name: 'flaky', runs: 2, failures: 1 }]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ job: 'flaky' });
    await runner.stop();
  });

  it('runs a leader job only while leading, and at once (atStart) when this node becomes the leader', async () => {
    const manual = leadershipManual(false);
    const runner = jobRunnerCreate({ leadership: manual.leadership, log: { debug: () => {}, error: () => {} } });
    const ran: string[] = [];
    runner.register({ name: 'once-only', scope: 'leader', everyMs: HOUR_MS, atStart: 'await', run: () => void ran.push('leader') });
    runner.register({ name: 'every-node', scope: 'node', everyMs: HOUR_MS, atStart: 'await', run: () => void ran.push('node') });
    await runner.start();
    await runner.trigger('once-only');
    expect(ran).toEqual(['node']);
    // The takeover runs it at once, without waiting for its interval (an hour here); every-node jobs are not rerun.
    manual.set(true);
    expect(ran).toEqual(['node', 'leader']);
    manual.set(false);
    const before = ran.length;
    await runner.trigger('once-only');
    expect(ran).toHaveLength(before);
    await runner.stop();
  });

  it('waits for a run under way when stopped, and starts none after', async () => {
    const runner = jobRunnerCreate({ leadership: leadershipManual(true).leadership, log: { debug: () => {}, error: () => {} } });
    const release = gate();
    let finished = 0;
    runner.register({
      name: 'long',
      scope: 'node',
      everyMs: HOUR_MS,
      run: async () => {
        await release.opened;
        finished += 1;
      },
    });
    void runner.trigger('long');
    const stopped = runner.stop().then(() => finished);
    release.open();
    expect(await stopped).toBe(1);
    await runner.trigger('long');
    expect(finished).toBe(1);
  });

  it('runs a held job only when triggered: no run at start, at a takeover or by its timer', async () => {
    vi.useFakeTimers();
    try {
      const manual = leadershipManual(false);
      const runner = jobRunnerCreate({ leadership: manual.leadership, log: { debug: () => {}, error: () => {} }, held: ['held'] });
      const ran: string[] = [];
      runner.register({ name: 'held', scope: 'leader', everyMs: 1_000, atStart: 'await', run: () => void ran.push('held') });
      runner.register({ name: 'free', scope: 'leader', everyMs: 1_000, atStart: 'await', run: () => void ran.push('free') });
      await runner.start();
      manual.set(true);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(ran.filter((name) => name === 'held')).toEqual([]);
      expect(ran.filter((name) => name === 'free').length).toBeGreaterThanOrEqual(10);
      await runner.trigger('held');
      expect(ran.filter((name) => name === 'held')).toEqual(['held']);
      await runner.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
