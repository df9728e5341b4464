import { describe, expect, it, vi } from 'vitest';
import { PARTNER_REPORTS_MAX, partnerBalanceAsk, partnerBridgeStart, type PartnerWindow } from './partner-bridge.ts';

/**
 * The partner bridge's page side (decision 064) against a stand-in window: what it posts and to whom, what it takes
 * from whom, and what it reports. The real window's part is the browser journey (e2e/partner-bridge.spec.ts).
 */
const PARTNER = 'https://partner.example';

function standIn(options: { parentOrigin?: string; framed?: boolean } = {}) {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const listeners = new Set<(event: MessageEvent) => void>();
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }) };
  const self = {};
  const win: PartnerWindow = {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    parent: options.framed === false ? (self as PartnerWindow['parent']) : parent,
    self,
    ancestorOrigins: [options.parentOrigin ?? PARTNER],
    referrer: '',
  };
  const deliver = (data: unknown, origin: string, source: unknown = parent) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  };
  return { win, posted, deliver, parent, listeners };
}

function start(stand: ReturnType<typeof standIn>) {
  const balances: unknown[] = [];
  const reports: unknown[] = [];
  let ids = 0;
  const started = partnerBridgeStart({
    win: stand.win,
    origins: [PARTNER],
    currencies: ['BRL'],
    appKey: 'brgparceiro',
    onBalance: (balance) => void balances.push(balance),
    report: (ignored) => void reports.push(ignored),
    idNext: () => `w-${(ids += 1)}`,
    timeoutMs: 1_000,
  });
  return { started, balances, reports };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the partner bridge (page side)', () => {
  it('does not start when not framed, or framed by a page the brand does not list', () => {
    expect(start(standIn({ framed: false })).started).toBeUndefined();
    const foreign = standIn({ parentOrigin: 'https://evil.example' });
    expect(start(foreign).started).toBeUndefined();
    expect(foreign.posted).toEqual([]);
    expect(foreign.listeners.size).toBe(0);
  });

  it('posts only to the listed parent origin, in the versioned message shape with request ids', async () => {
    const stand = standIn();
    const { started } = start(stand);
    started!.bridge.emit('back_to_client', {});
    const asked = partnerBalanceAsk(started!, ['BRL']);
    expect(stand.posted).toEqual([
      { message: { v: 1, id: 'w-1', type: 'back_to_client', payload: {} }, targetOrigin: PARTNER },
      { message: { v: 1, id: 'w-2', type: 'balance', payload: {} }, targetOrigin: PARTNER },
    ]);
    stand.deliver({ v: 1, id: 'w-2', type: 'reply', payload: { ok: true, data: { amount: 5000, currency: 'BRL' } } }, PARTNER);
    expect(await asked).toEqual({ amount: 5000, currency: 'BRL' });
    expect(stand.posted.every((each) => each.targetOrigin !== '*')).toBe(true);
  });

  it('takes a balance the parent sends and answers it; ignores and reports one from another origin or another window', async () => {
    const stand = standIn();
    const { balances, reports } = start(stand);
    stand.deliver({ v: 1, id: 'p-1', type: 'balance', payload: { amount: 12345, currency: 'BRL' } }, PARTNER);
    await flush();
    expect(balances).toEqual([{ amount: 12345, currency: 'BRL' }]);
    expect(stand.posted.at(-1)).toEqual({ message: { v: 1, id: 'p-1', type: 'reply', payload: { ok: true, data: null } }, targetOrigin: PARTNER });

    const posts = stand.posted.length;
    stand.deliver({ v: 1, id: 'x-1', type: 'balance', payload: { amount: 999_99, currency: 'BRL' } }, 'https://evil.example');
    stand.deliver(JSON.stringify({ v: 1, id: 'x-2', type: 'balance', payload: { amount: 1, currency: 'BRL' } }), 'https://partner.example.evil.com');
    // The listed origin, but a sibling frame of it rather than the parent.
    stand.deliver({ v: 1, id: 'x-3', type: 'balance', payload: { amount: 2, currency: 'BRL' } }, PARTNER, {});
    await flush();
    expect(balances).toHaveLength(1);
    expect(stand.posted).toHaveLength(posts);
    expect(reports).toEqual([
      { origin: 'https://evil.example', reason: 'foreign_origin', type: 'balance' },
      { origin: 'https://partner.example.evil.com', reason: 'foreign_origin', type: 'balance' },
      { origin: PARTNER, reason: 'not_parent', type: 'balance' },
    ]);
  });

  it('refuses a balance it cannot show, drops another version, and leaves other postMessage traffic alone', async () => {
    const stand = standIn();
    const { balances, reports } = start(stand);
    stand.deliver({ v: 1, id: 'p-2', type: 'balance', payload: { amount: -5, currency: 'BRL' } }, PARTNER);
    await flush();
    expect(stand.posted.at(-1)).toMatchObject({ message: { id: 'p-2', type: 'reply', payload: { ok: false } } });
    stand.deliver({ v: 2, id: 'p-3', type: 'balance', payload: { amount: 5, currency: 'BRL' } }, PARTNER);
    stand.deliver({ game: 'spin', amount: 5 }, 'https://games.example');
    stand.deliver('hello', 'https://games.example');
    await flush();
    expect(balances).toEqual([]);
    expect(reports).toEqual([
      { origin: PARTNER, reason: 'invalid_payload', type: 'balance' },
      { origin: PARTNER, reason: 'version' },
    ]);
  });

  it('reports at most a few ignored messages per page, however many a hostile page posts', () => {
    const stand = standIn();
    const { reports } = start(stand);
    for (let index = 0; index < 100; index += 1) stand.deliver({ v: 1, id: `x-${index}`, type: 'balance', payload: {} }, 'https://evil.example');
    expect(reports).toHaveLength(PARTNER_REPORTS_MAX);
  });

  it('a parent that does not answer fails the request after its timeout, without throwing elsewhere', async () => {
    vi.useFakeTimers();
    try {
      const stand = standIn();
      const { started } = start(stand);
      const asked = partnerBalanceAsk(started!, ['BRL']);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await asked).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
