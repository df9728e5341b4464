import { describe, expect, it } from 'vitest';
import { BRIDGE_VERSION, BridgeError, bridgeClientCreate, type BridgeMessage } from './bridge-client.ts';

/** A shell stand-in: records what the web posts and lets the test answer; timers run only when the test says. */
function harness() {
  const posted: BridgeMessage[] = [];
  const dropped: string[] = [];
  let receive: (data: unknown) => void = () => undefined;
  const timers = new Map<number, () => void>();
  let nextTimer = 0;
  let nextId = 0;
  const client = bridgeClientCreate({
    transport: {
      post: (text) => posted.push(JSON.parse(text) as BridgeMessage),
      listen: (handler) => {
        receive = handler;
        return () => (receive = () => undefined);
      },
    },
    timeoutMs: 5_000,
    idNext: () => `w${(nextId += 1)}`,
    onDropped: (reason) => dropped.push(reason),
    setTimer: (run) => (timers.set((nextTimer += 1), run), nextTimer),
    clearTimer: (timer) => timers.delete(timer as number),
  });
  return {
    client,
    posted,
    dropped,
    timers,
    shellSays: (message: unknown) => receive(typeof message === 'string' ? message : JSON.stringify(message)),
    expire: () => [...timers.values()].forEach((run) => run()),
  };
}

describe('the native bridge client (decision 062)', () => {
  it('sends a versioned request and resolves with the reply that carries its id', async () => {
    const h = harness();
    const asked = h.client.request('device_id', {});
    expect(h.posted).toEqual([{ v: BRIDGE_VERSION, id: 'w1', type: 'device_id', payload: {} }]);
    // A reply to some other id changes nothing; the matching one settles the request and stops its timer.
    h.shellSays({ v: 1, id: 'w9', type: 'reply', payload: { ok: true, data: { device_id: 'wrong' } } });
    h.shellSays({ v: 1, id: 'w1', type: 'reply', payload: { ok: true, data: { device_id: 'shell-device-0001' } } });
    await expect(asked).resolves.toEqual({ device_id: 'shell-device-0001' });
    expect(h.timers.size).toBe(0);
    expect(h.dropped).toEqual(['reply to no request']);
  });

  it('matches replies by id when several requests are in flight, in any order', async () => {
    const h = harness();
    const insets = h.client.request('safe_area', {});
    const shared = h.client.request('share', { title: 'Invite', text: 'Join me', url: 'https://example.test/?invite=AB12' });
    h.shellSays({ v: 1, id: 'w2', type: 'reply', payload: { ok: true, data: { shared: true } } });
    h.shellSays({ v: 1, id: 'w1', type: 'reply', payload: { ok: true, data: { top: 24, right: 0, bottom: 16, left: 0 } } });
    await expect(shared).resolves.toEqual({ shared: true });
    await expect(insets).resolves.toEqual({ top: 24, right: 0, bottom: 16, left: 0 });
  });

  it('fails a request the shell never answers with a timeout, and a refused one with its reason', async () => {
    const h = harness();
    const silent = h.client.request('push_token', {});
    h.expire();
    await expect(silent).rejects.toMatchObject({ code: 'timeout' });
    const refused = h.client.request('open_external', { url: 'https://pay.example.test/checkout' });
    h.shellSays({ v: 1, id: 'w2', type: 'reply', payload: { ok: false, error: 'no browser' } });
    await expect(refused).rejects.toEqual(new BridgeError('refused', 'no browser'));
  });

  it('fails at once on a reply in an unknown version, and drops other messages of that version', async () => {
    const h = harness();
    const asked = h.client.request('device_id', {});
    h.shellSays({ v: 2, id: 'w1', type: 'reply', payload: { ok: true, data: { device_id: 'from-the-future' } } });
    await expect(asked).rejects.toMatchObject({ code: 'version' });
    let backs = 0;
    h.client.handle('back', () => ((backs += 1), { handled: true }));
    h.shellSays({ v: 2, id: 's1', type: 'back', payload: {} });
    expect(backs).toBe(0);
    expect(h.dropped).toEqual(['version 2', 'version 2']);
  });

  it("ignores what is not a bridge message (a game's postMessage, text, broken JSON)", () => {
    const h = harness();
    h.shellSays('not json {');
    h.shellSays({ type: 'piranha:smid', smid: 'x' });
    h.shellSays(42 as unknown as string);
    expect(h.dropped).toEqual([]);
    expect(h.posted).toEqual([]);
  });

  it("answers the shell's own requests (hardware back) with a reply carrying the shell's id", async () => {
    const h = harness();
    h.client.handle('back', () => ({ handled: false }));
    h.shellSays({ v: 1, id: 's7', type: 'back', payload: {} });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.posted).toEqual([{ v: 1, id: 's7', type: 'reply', payload: { ok: true, data: { handled: false } } }]);
  });

  it('sends events without waiting, and after close refuses requests and fails the waiting ones', async () => {
    const h = harness();
    h.client.emit('loading', { state: 'ready' });
    expect(h.posted).toEqual([{ v: 1, id: 'w1', type: 'loading', payload: { state: 'ready' } }]);
    const waiting = h.client.request('device_id', {});
    h.client.close();
    await expect(waiting).rejects.toMatchObject({ code: 'closed' });
    await expect(h.client.request('device_id', {})).rejects.toMatchObject({ code: 'closed' });
  });
});
