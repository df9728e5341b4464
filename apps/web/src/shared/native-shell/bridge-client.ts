/**
 * The native shell bridge (docs/decisions/062): JSON messages `{ v: 1, id, type, payload }` over
 * `window.ReactNativeWebView.postMessage` one way and the window's `message` event the other. A request is answered by a
 * message of type `reply` with the request's id and `{ ok: true, data }` or `{ ok: false, error }`; a request the
 * other side does not answer within its timeout fails. Either side may send requests and events (no reply expected).
 * This file is the protocol only: the transport is given, so tests drive it without a window.
 */

export const BRIDGE_VERSION = 1;

export interface SafeAreaInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The shell's push token (decision 073): `fcm` on Android (an FCM registration token), `apns` on iOS (the device token
 * in hex, with the app's bundle id as `topic`). The type states the platform the token is registered for.
 */
export interface NativePushToken {
  token: string;
  push_type: 'fcm' | 'apns';
  topic?: string;
}

/** What the web asks the shell, and what each answer holds. */
export interface BridgeRequests {
  /** Version handshake: the shell answers the versions it speaks. */
  hello: { request: { versions: number[] }; reply: { v: number; shell: string } };
  device_id: { request: Record<string, never>; reply: { device_id: string } };
  /** The shell's push token; a shell without one (notifications off, not granted) refuses. */
  push_token: { request: Record<string, never>; reply: NativePushToken };
  /** Opens a URL in the device's browser (payment pages, help links): the web view stays on our page. */
  open_external: { request: { url: string }; reply: { opened: boolean } };
  share: { request: { title: string; text: string; url: string }; reply: { shared: boolean } };
  safe_area: { request: Record<string, never>; reply: SafeAreaInsets };
  /** The shell's proof for the area check's exemption: HMAC of `area:<appKey>:<time>` under the brand's shell key. */
  attest: { request: { purpose: 'area'; app_key: string; time_s: number }; reply: { proof: string } };
}

/** What the web tells the shell without waiting: its loading state (the shell closes its loader on ready, or after 8 s). */
export interface BridgeEventsOut {
  loading: { state: 'ready' };
}

/** What the shell sends the web: hardware back (a request: the web answers whether it went back) and inset changes. */
export interface BridgeIncoming {
  back: { request: Record<string, never>; reply: { handled: boolean } };
  safe_area: { request: SafeAreaInsets; reply: void };
  /** A new or rotated push token (decision 073): registered for the signed-in player, if any. */
  push_token: { request: NativePushToken; reply: void };
}

/** A side's requests map each type to `{ request, reply }`: its payload and what its answer holds. */
type RequestOf<M, K extends keyof M> = M[K] extends { request: infer R } ? R : never;
type ReplyOf<M, K extends keyof M> = M[K] extends { reply: infer R } ? R : never;

export type BridgeErrorCode = 'timeout' | 'version' | 'refused' | 'closed';

export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  constructor(code: BridgeErrorCode, detail: string, bridge = 'native bridge') {
    super(`${bridge}: ${code} (${detail})`);
    this.name = 'BridgeError';
    this.code = code;
  }
}

export interface BridgeMessage {
  v: number;
  id: string;
  type: string;
  payload?: unknown;
}

export interface BridgeTransport {
  post: (text: string) => void;
  /** Calls `receive` with each message's data (a JSON string or an object); returns the unsubscribe. */
  listen: (receive: (data: unknown) => void) => () => void;
}

export interface BridgeClientOptions {
  transport: BridgeTransport;
  /** How long a request waits for its reply unless it says otherwise. */
  timeoutMs: number;
  /** Request ids: unique per page. */
  idNext: () => string;
  /** Told about messages that were dropped (another version, not ours): the bridge never throws on input. */
  onDropped?: (reason: string, data: unknown) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** Names the bridge in its errors (the partner bridge, decision 064, speaks the same protocol to another party). */
  name?: string;
}

type Handler<In, K extends keyof In> = (payload: RequestOf<In, K>) => ReplyOf<In, K> | Promise<ReplyOf<In, K>>;

/**
 * One side of the protocol: `Req` what this side asks, `Out` the events it sends, `In` what the other side asks of
 * it. The native shell's (decision 062) are the defaults; the partner bridge (decision 064) has its own.
 */
export interface BridgeClient<Req extends object = BridgeRequests, Out extends object = BridgeEventsOut, In extends object = BridgeIncoming> {
  request: <K extends keyof Req & string>(type: K, payload: RequestOf<Req, K>, timeoutMs?: number) => Promise<ReplyOf<Req, K>>;
  emit: <K extends keyof Out & string>(type: K, payload: Out[K]) => void;
  handle: <K extends keyof In & string>(type: K, handler: Handler<In, K>) => void;
  close: () => void;
}

/** A message of ours, or undefined: anything else on the window's message channel (games, extensions) is not. */
export function bridgeMessageParse(data: unknown): BridgeMessage | { dropped: string; id: string } | undefined {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Partial<BridgeMessage>;
  if (typeof message.v !== 'number' || typeof message.id !== 'string' || typeof message.type !== 'string') return undefined;
  if (message.v !== BRIDGE_VERSION) return { dropped: `version ${message.v}`, id: message.id };
  return { v: message.v, id: message.id, type: message.type, payload: message.payload };
}

export function bridgeClientCreate<Req extends object = BridgeRequests, Out extends object = BridgeEventsOut, In extends object = BridgeIncoming>(
  options: BridgeClientOptions,
): BridgeClient<Req, Out, In> {
  const name = options.name ?? 'native bridge';
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const pending = new Map<string, { resolve: (data: unknown) => void; reject: (error: BridgeError) => void; timer: unknown }>();
  const handlers = new Map<string, (payload: unknown) => unknown>();
  let closed = false;

  const send = (message: BridgeMessage) => options.transport.post(JSON.stringify(message));

  const receive = (data: unknown) => {
    const parsed = bridgeMessageParse(data);
    if (parsed === undefined) return;
    if ('dropped' in parsed) {
      // A reply in another version cannot be read: its request fails now rather than at its timeout.
      const waiting = pending.get(parsed.id);
      if (waiting) {
        pending.delete(parsed.id);
        clearTimer(waiting.timer);
        waiting.reject(new BridgeError('version', parsed.dropped, name));
      }
      options.onDropped?.(parsed.dropped, data);
      return;
    }
    if (parsed.type === 'reply') {
      const waiting = pending.get(parsed.id);
      if (!waiting) return options.onDropped?.('reply to no request', data);
      pending.delete(parsed.id);
      clearTimer(waiting.timer);
      const answer = (parsed.payload ?? {}) as { ok?: unknown; data?: unknown; error?: unknown };
      if (answer.ok === true) waiting.resolve(answer.data);
      else waiting.reject(new BridgeError('refused', typeof answer.error === 'string' ? answer.error : 'no reason', name));
      return;
    }
    const handler = handlers.get(parsed.type);
    if (!handler) return options.onDropped?.(`no handler for ${parsed.type}`, data);
    void Promise.resolve()
      .then(() => handler(parsed.payload))
      .then(
        (reply) => send({ v: BRIDGE_VERSION, id: parsed.id, type: 'reply', payload: { ok: true, data: reply ?? null } }),
        (error: unknown) => send({ v: BRIDGE_VERSION, id: parsed.id, type: 'reply', payload: { ok: false, error: String(error) } }),
      );
  };
  const unlisten = options.transport.listen(receive);

  return {
    request(type, payload, timeoutMs = options.timeoutMs) {
      if (closed) return Promise.reject(new BridgeError('closed', type, name));
      const id = options.idNext();
      return new Promise((resolve, reject) => {
        const timer = setTimer(() => {
          pending.delete(id);
          reject(new BridgeError('timeout', `${type} after ${timeoutMs} ms`, name));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (data: unknown) => void, reject, timer });
        send({ v: BRIDGE_VERSION, id, type, payload });
      });
    },
    emit(type, payload) {
      if (!closed) send({ v: BRIDGE_VERSION, id: options.idNext(), type, payload });
    },
    handle(type, handler) {
      handlers.set(type, handler as (payload: unknown) => unknown);
    },
    close() {
      closed = true;
      unlisten();
      for (const [id, waiting] of pending) {
        clearTimer(waiting.timer);
        waiting.reject(new BridgeError('closed', id, name));
      }
      pending.clear();
    },
  };
}
