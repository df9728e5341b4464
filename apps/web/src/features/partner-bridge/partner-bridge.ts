import type { BrgIgnoredReason } from '@piranha/contract';
import { partnerBalanceParse, partnerMessageVerdict, partnerParentOrigin, type PartnerClientBalance } from '@piranha/domain';
import { bridgeClientCreate, bridgeMessageParse, BRIDGE_VERSION, type BridgeClient } from '../../shared/native-shell/bridge-client.ts';

/**
 * The partner bridge (BRG; decision 064): our app in an iframe of a partner's page, talking to that page over
 * `postMessage` in the native shell's message shape (decision 062): `{ v: 1, id, type, payload }`, a request answered
 * by `{ v: 1, id, type: 'reply', payload: { ok, data | error } }`. Messages are objects (a JSON string is read too).
 *
 * - We ask the parent: `hello { versions: [1], app_key }` → `{ v, partner }`; `balance {}` → `{ amount, currency }`.
 * - We tell the parent: `back_to_client {}` (the header's back-to-client button).
 * - The parent tells us (a request we answer): `balance { amount, currency }` — the client's balance, in minor units of
 *   a currency the brand sells, shown in our header as the partner reports it.
 *
 * We post only to the parent's origin, and only when the brand lists it (never '*'); we take a message only from the
 * parent window at a listed origin. Anything else that looks like a bridge message is ignored and reported (origin and
 * reason, never the payload); other postMessage traffic (games, extensions) is not ours and is left alone.
 */

/** What the page asks the parent. */
export interface PartnerRequests {
  hello: { request: { versions: number[]; app_key: string }; reply: { v: number; partner?: string } };
  balance: { request: Record<string, never>; reply: PartnerClientBalance };
}

/** What the page tells the parent without waiting. */
export interface PartnerEventsOut {
  back_to_client: Record<string, never>;
}

/** What the parent asks of the page. */
export interface PartnerIncoming {
  balance: { request: PartnerClientBalance; reply: void };
}

export type PartnerBridge = BridgeClient<PartnerRequests, PartnerEventsOut, PartnerIncoming>;

/** A request's wait for the parent's answer. */
export const PARTNER_TIMEOUT_MS = 5_000;

/** Reports of ignored messages one page sends at most: a hostile page could post thousands. */
export const PARTNER_REPORTS_MAX = 10;

/** The window pieces the bridge uses (the real window, or a test's stand-in). */
export interface PartnerWindow {
  addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void;
  removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void;
  /** The window that framed us (our own window when not framed). */
  parent: { postMessage: (message: unknown, targetOrigin: string) => void };
  self: unknown;
  ancestorOrigins: readonly string[];
  referrer: string;
}

export interface PartnerBridgeOptions {
  win: PartnerWindow;
  /** The brand's partner origins (`brg/profile/get`). */
  origins: readonly string[];
  currencies: readonly string[];
  appKey: string;
  /** The client balance the parent reported (accepted messages only). */
  onBalance: (balance: PartnerClientBalance) => void;
  /** Reports an ignored message (rate-limited here to PARTNER_REPORTS_MAX). */
  report: (ignored: { origin: string; reason: BrgIgnoredReason; type?: string }) => void;
  idNext: () => string;
  timeoutMs?: number;
}

export interface PartnerBridgeStarted {
  bridge: PartnerBridge;
  /** The origin we post to. */
  parentOrigin: string;
}

/** The message's `type`, when it has one worth naming in a report. */
function typeOf(data: unknown): string | undefined {
  const parsed = bridgeMessageParse(data);
  return parsed && 'type' in parsed ? parsed.type : undefined;
}

/**
 * Starts the bridge to the parent, or answers undefined when there is none to talk to: not framed, or framed by a page
 * whose origin the brand does not list (we then never post anything, and the header is the plain brand's).
 */
export function partnerBridgeStart(options: PartnerBridgeOptions): PartnerBridgeStarted | undefined {
  const { win } = options;
  if (win.parent === win.self) return undefined;
  const parentOrigin = partnerParentOrigin(win.ancestorOrigins, win.referrer, options.origins);
  if (!parentOrigin) return undefined;
  let reports = 0;
  const report = (origin: string, reason: BrgIgnoredReason, type?: string) => {
    if (reports >= PARTNER_REPORTS_MAX) return;
    reports += 1;
    options.report({ origin: origin || 'null', reason, ...(type ? { type } : {}) });
  };
  const bridge = bridgeClientCreate<PartnerRequests, PartnerEventsOut, PartnerIncoming>({
    name: 'partner bridge',
    transport: {
      // Structured clone of the object: the parent reads `event.data.type` without parsing.
      post: (text) => win.parent.postMessage(JSON.parse(text), parentOrigin),
      listen: (receive) => {
        const onMessage = (event: MessageEvent) => {
          // Not bridge-shaped: a game's or an extension's message, nothing of ours to judge or report.
          if (bridgeMessageParse(event.data) === undefined) return;
          const verdict = partnerMessageVerdict({ origin: event.origin, fromParent: event.source === win.parent }, options.origins);
          if (verdict === 'accept') receive(event.data);
          else report(event.origin, verdict, typeOf(event.data));
        };
        win.addEventListener('message', onMessage);
        return () => win.removeEventListener('message', onMessage);
      },
    },
    timeoutMs: options.timeoutMs ?? PARTNER_TIMEOUT_MS,
    idNext: options.idNext,
    onDropped: (reason, data) => report(parentOrigin, reason.startsWith('version') ? 'version' : 'invalid_payload', typeOf(data)),
  });
  const balanceTake = (payload: unknown): PartnerClientBalance => {
    const balance = partnerBalanceParse(payload, options.currencies);
    if (!balance) {
      report(parentOrigin, 'invalid_payload', 'balance');
      throw new Error('balance: amount in minor units (a whole number, 0 or more) and a currency of the brand');
    }
    options.onBalance(balance);
    return balance;
  };
  bridge.handle('balance', (payload) => void balanceTake(payload));
  return { bridge, parentOrigin };
}

/** Asks the parent for the client balance (at start, and when the player taps it); a parent that cannot answer is left be. */
export async function partnerBalanceAsk(started: PartnerBridgeStarted, currencies: readonly string[]): Promise<PartnerClientBalance | undefined> {
  try {
    return partnerBalanceParse(await started.bridge.request('balance', {}), currencies);
  } catch {
    return undefined;
  }
}

/** The handshake: the parent answers the version it speaks. */
export function partnerHello(started: PartnerBridgeStarted, appKey: string): Promise<{ v: number; partner?: string }> {
  return started.bridge.request('hello', { versions: [BRIDGE_VERSION], app_key: appKey });
}
