import { describe, expect, it } from 'vitest';
import { realtimeConnect, socketUrlOf, type RealtimeState, type SocketLike } from './realtime-connection.ts';

/** Sockets the test opens, closes and feeds; a clock whose timers the test runs by hand. */
function harness(options: { urlFails?: () => boolean } = {}) {
  const sockets: (SocketLike & { url: string; closedWith?: number })[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const states: RealtimeState[] = [];
  const events: unknown[] = [];
  let urls = 0;
  const connection = realtimeConnect({
    urlOf: async () => {
      urls += 1;
      if (options.urlFails?.()) throw new Error('offline');
      return `ws://host/ws?ticket=t${urls}`;
    },
    socketOf: (url) => {
      const socket = {
        url,
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
        close(code?: number) {
          socket.closedWith = code;
        },
      } as SocketLike & { url: string; closedWith?: number };
      sockets.push(socket);
      return socket;
    },
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    retryDelayMs: 2000,
    retryMax: 10,
    later: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Runs the one pending retry timer (and checks its delay). */
  const retryNow = async () => {
    const pending = timers.filter((timer) => !timer.cancelled);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.ms).toBe(2000);
    pending[0]!.cancelled = true;
    pending[0]!.run();
    await settle();
  };
  return { connection, sockets, timers, states, events, settle, retryNow, urls: () => urls };
}

describe('the page socket (spec §9 chat retry 2 s × 10, then polling)', () => {
  it('opens with a fresh signed URL and hands on known events only', async () => {
    const h = harness();
    await h.settle();
    expect(h.sockets[0]!.url).toBe('ws://host/ws?ticket=t1');
    h.sockets[0]!.onopen!({});
    expect(h.connection.state()).toBe('open');
    h.sockets[0]!.onmessage!({ data: JSON.stringify({ topic: 'player:1', event: { type: 'first_charge_pop' } }) });
    h.sockets[0]!.onmessage!({ data: JSON.stringify({ topic: 'player:1', event: { type: 'from_a_newer_server' } }) });
    h.sockets[0]!.onmessage!({ data: 'not json' });
    expect(h.events).toEqual([{ type: 'first_charge_pop' }]);
    expect(h.states).toEqual(['connecting', 'open']);
  });

  it('retries every 2 s with a new URL, ten times in a row, then falls back to polling for good', async () => {
    const h = harness();
    await h.settle();
    // The socket never opens (a refused ticket, a dead network): error then close, each attempt counted once.
    for (let retry = 1; retry <= 10; retry += 1) {
      h.sockets.at(-1)!.onclose!({});
      expect(h.connection.state()).toBe('retrying');
      expect(h.connection.retries()).toBe(retry);
      await h.retryNow();
    }
    expect(h.sockets).toHaveLength(11);
    expect(new Set(h.sockets.map((socket) => socket.url)).size).toBe(11);
    h.sockets.at(-1)!.onclose!({});
    expect(h.connection.state()).toBe('polling');
    expect(h.timers.filter((timer) => !timer.cancelled)).toHaveLength(0);
    expect(h.states.at(-1)).toBe('polling');
  });

  it('starts counting again after a socket opened, and counts a URL it could not get as a failure', async () => {
    let offline = true;
    const h = harness({ urlFails: () => offline });
    await h.settle();
    expect(h.connection.state()).toBe('retrying');
    await h.retryNow();
    expect(h.connection.retries()).toBe(2);
    offline = false;
    await h.retryNow();
    h.sockets[0]!.onopen!({});
    expect(h.connection.retries()).toBe(0);
    // Dropped after it opened: one retry, not the rest of the previous count.
    h.sockets[0]!.onclose!({});
    expect(h.connection.retries()).toBe(1);
    await h.retryNow();
    h.sockets[1]!.onopen!({});
    expect(h.connection.state()).toBe('open');
  });

  it('stops: closes the socket, cancels the retry, ignores what the old socket says', async () => {
    const h = harness();
    await h.settle();
    h.sockets[0]!.onclose!({});
    h.connection.stop();
    expect(h.timers.every((timer) => timer.cancelled)).toBe(true);
    expect(h.connection.state()).toBe('stopped');
    const again = harness();
    await again.settle();
    again.sockets[0]!.onopen!({});
    again.connection.stop();
    expect(again.sockets[0]!.closedWith).toBe(1000);
    again.sockets[0]!.onmessage!({ data: JSON.stringify({ topic: 'player:1', event: { type: 'first_charge_pop' } }) });
    again.sockets[0]!.onclose!({});
    expect(again.events).toEqual([]);
    expect(again.connection.state()).toBe('stopped');
  });

  it('turns the relative URL into ws: or wss: by the page', () => {
    expect(socketUrlOf('/ws?ticket=a.b', 'http://127.0.0.1:8080/#/game')).toBe('ws://127.0.0.1:8080/ws?ticket=a.b');
    expect(socketUrlOf('/ws?ticket=a.b', 'https://aguila.mx/')).toBe('wss://aguila.mx/ws?ticket=a.b');
  });
});
