import { createHmac, randomUUID } from 'node:crypto';

/**
 * Orca's side of the operator's seamless wallet (Piranha's `/api/wallet/seamless/…`): each call's raw JSON body is
 * signed with HMAC-SHA256 under the shared secret (`x-wallet-partner: orca`, `x-wallet-signature`). A call whose
 * answer never came — a timeout, a dropped connection, HTTP 5xx or 429 — was perhaps applied and perhaps not: it is
 * sent again with the same transaction id (a new network `request_uuid` each time) after a growing pause, honouring
 * Retry-After. The wallet applies a transaction id once and answers a replay with its stored answer, so a retry can
 * never move money twice.
 */
export const WALLET_PATHS = {
  balance: '/api/wallet/seamless/user/balance',
  bet: '/api/wallet/seamless/transaction/bet',
  win: '/api/wallet/seamless/transaction/win',
  rollback: '/api/wallet/seamless/transaction/rollback',
} as const;
export type WalletCall = keyof typeof WALLET_PATHS;

export interface WalletAnswer {
  status: string;
  balance: number;
  currency: string;
}

/**
 * The wallet's final word, or `unknown` when every attempt was lost. `uncertain`: some attempt before the last was
 * lost, so an earlier send may have been applied even if the last answer is a refusal (the token may have expired
 * in between): a refused bet is then rolled back rather than forgotten.
 */
export type WalletResult = { kind: 'answer'; answer: WalletAnswer; uncertain: boolean } | { kind: 'unknown' };

export interface WalletClientOptions {
  walletUrl: string;
  partner: string;
  secret: string;
  /** Per attempt. */
  timeoutMs: number;
  attempts: number;
  /** The first pause; each next one doubles, capped at 8 × this. */
  backoffMs: number;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null, fallbackMs: number): number {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, 10_000) : fallbackMs;
}

export class WalletClient {
  constructor(private readonly options: WalletClientOptions) {}

  /** One attempt: the answer, or why it is unknown (and how long to wait before the next). */
  private async attempt(call: WalletCall, body: Record<string, unknown>): Promise<{ answer: WalletAnswer } | { lost: string; waitMs?: number }> {
    const raw = JSON.stringify({ ...body, request_uuid: randomUUID() });
    const signature = createHmac('sha256', this.options.secret).update(raw).digest('hex');
    let response: Response;
    try {
      response = await fetch(new URL(WALLET_PATHS[call], this.options.walletUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wallet-partner': this.options.partner, 'x-wallet-signature': signature },
        body: raw,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      return { lost: (error as Error).name === 'TimeoutError' ? 'timeout' : 'network' };
    }
    if (response.status === 429) return { lost: 'throttled', waitMs: retryAfterMs(response.headers.get('retry-after'), this.options.backoffMs) };
    if (response.status !== 200) return { lost: `http ${response.status}` };
    let answer: WalletAnswer;
    try {
      answer = (await response.json()) as WalletAnswer;
    } catch {
      return { lost: 'unreadable answer' };
    }
    // RS_ERROR_UNKNOWN means the wallet failed before deciding: as good as no answer.
    if (typeof answer.status !== 'string' || answer.status === 'RS_ERROR_UNKNOWN') return { lost: 'unknown status' };
    return { answer };
  }

  async send(call: WalletCall, body: Record<string, unknown>): Promise<WalletResult> {
    let pauseMs = this.options.backoffMs;
    let uncertain = false;
    for (let attempt = 1; attempt <= this.options.attempts; attempt += 1) {
      const result = await this.attempt(call, body);
      if ('answer' in result) return { kind: 'answer', answer: result.answer, uncertain };
      uncertain = true;
      this.options.log('wallet call not answered', { call, transaction: body.transaction_uuid, attempt, reason: result.lost });
      if (attempt === this.options.attempts) break;
      await sleep(result.waitMs ?? pauseMs);
      pauseMs = Math.min(pauseMs * 2, this.options.backoffMs * 8);
    }
    return { kind: 'unknown' };
  }
}
