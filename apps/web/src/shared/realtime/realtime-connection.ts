import { realtimeFrameParse, type RealtimeEvent } from '@piranha/contract';

/**
 * The page's one socket to the server (decision 036), without React: asks the signed URL, opens the socket, hands
 * each event on. Spec §4/§9 chat socket: when it drops (or cannot open) it tries again after 2 s, up to 10 times in a
 * row; then it gives up and the page keeps to its polls ('polling'). A socket that opened resets the count. Every
 * attempt asks a new URL: the signed one lives a minute.
 */
export type RealtimeState = 'connecting' | 'open' | 'retrying' | 'polling' | 'stopped';

/** The part of the browser's WebSocket this uses (tests hand in their own). */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number): void;
}

export interface RealtimeConnectionOptions {
  /** The signed socket URL (absolute ws:// or wss://); rejects when the server cannot be asked. */
  urlOf: () => Promise<string>;
  socketOf: (url: string) => SocketLike;
  onEvent: (event: RealtimeEvent) => void;
  onState: (state: RealtimeState) => void;
  retryDelayMs: number;
  retryMax: number;
  /** setTimeout by default; answers a cancel. */
  later?: (run: () => void, ms: number) => () => void;
}

export interface RealtimeConnection {
  state: () => RealtimeState;
  /** Failed attempts in a row since the last open socket. */
  retries: () => number;
  /** Closes the socket and stops retrying (sign-out, another player). */
  stop: () => void;
}

const laterDefault = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function realtimeConnect(options: RealtimeConnectionOptions): RealtimeConnection {
  const later = options.later ?? laterDefault;
  let state: RealtimeState = 'connecting';
  let retries = 0;
  let socket: SocketLike | undefined;
  let cancelRetry: (() => void) | undefined;
  let generation = 0;

  const stateSet = (next: RealtimeState) => {
    if (state === next) return;
    state = next;
    options.onState(next);
  };

  const failed = (attempt: number) => {
    if (attempt !== generation || state === 'stopped') return;
    socket = undefined;
    if (retries >= options.retryMax) {
      stateSet('polling');
      return;
    }
    retries += 1;
    stateSet('retrying');
    cancelRetry = later(() => void open(), options.retryDelayMs);
  };

  const open = async () => {
    const attempt = ++generation;
    if (state !== 'connecting' && state !== 'retrying') return;
    let url: string;
    try {
      url = await options.urlOf();
    } catch {
      failed(attempt);
      return;
    }
    // The player signed out (or another signed in) while the URL was on its way.
    if (attempt !== generation) return;
    let current: SocketLike;
    try {
      current = options.socketOf(url);
    } catch {
      failed(attempt);
      return;
    }
    socket = current;
    current.onopen = () => {
      if (attempt !== generation) return;
      retries = 0;
      stateSet('open');
    };
    current.onmessage = (message) => {
      if (attempt !== generation || typeof message.data !== 'string') return;
      const frame = realtimeFrameParse(message.data);
      if (frame) options.onEvent(frame.event);
    };
    // A refused upgrade or a lost network raise error then close: one failure, counted once.
    current.onerror = null;
    current.onclose = () => failed(attempt);
  };

  options.onState(state);
  void open();
  return {
    state: () => state,
    retries: () => retries,
    stop: () => {
      generation += 1;
      stateSet('stopped');
      cancelRetry?.();
      socket?.close(1000);
      socket = undefined;
    },
  };
}

/** The ws:// or wss:// address of a socket path the server answered relative to `base` (the page or the API host). */
export function socketUrlOf(path: string, base: string): string {
  const url = new URL(path, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
