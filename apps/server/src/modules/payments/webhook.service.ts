import { createHash } from 'node:crypto';
import * as z from 'zod';
import { inputFlawOf, textStorableOf } from '@piranha/contract';
import type { FastifyBaseLogger } from 'fastify';
import { MPESA_RESULT } from '@piranha/domain/payments';
import { groupTransaction } from '../../db/group-commit.ts';
import { RATE_RETRY_AFTER_S } from '../../plugins/rate-limit.ts';
import { callbackTokenValid, webhookVerify } from '../../providers/payments/webhook-signature.ts';
import { PAYIN_PROVIDERS, PAYOUT_PROVIDER } from '../../providers/payments/payment-provider.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { orderTransition, type OrderEvent } from './order-transitions.ts';
import { orderLockByProviderRef, webhookEventInsert } from './payments.repository.ts';
import { payinPayerApply } from './payin-payer.ts';

/**
 * Provider notifications. The signature is checked on the raw body before anything is parsed; the order is locked;
 * provider, order id, amount and currency must all match what we stored; then the state machine applies. Every
 * notification is logged with its outcome — forged ones too — and a replay answers 200 without changing anything.
 * A provider treats any 2xx as delivered, so whatever it must send again answers otherwise: 429 with Retry-After when
 * throttled (a signed call against its provider's budget, anything else against its address), 5xx on our failures.
 */
export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Seconds before the provider should try again (the Retry-After header of a 429). */
  retryAfterS?: number;
}

const KNOWN_PROVIDERS = new Set<string>([...PAYIN_PROVIDERS, PAYOUT_PROVIDER]);

const notificationSchema = z.strictObject({
  event_id: z.string().min(4).max(64),
  type: z.enum(['payin.processing', 'payin.paid', 'payin.failed', 'payin.expired', 'payout.paid', 'payout.failed']),
  provider_ref: z.string().min(1).max(64),
  order_id: z.string().min(1).max(40),
  amount: z.number().int().positive(),
  currency: z.string().min(3).max(8),
  occurred_at: z.string().max(40),
  /** PIX: the payer's CPF, once paid (decision 050). */
  payer_document: z.optional(z.string().regex(/^\d{11,14}$/)),
});

const digest = (body: string) => `sha256:${createHash('sha256').update(body).digest('hex').slice(0, 32)}`;

interface Received {
  provider: string;
  rawBody: string;
  remoteAddress: string;
  log: FastifyBaseLogger;
}

/**
 * What is kept of a notification's body: its first 4,000 characters, with any NUL (which PostgreSQL cannot store in
 * text) or lone surrogate (the cut may split a pair) replaced, so even a forged or broken body is logged, not a 500.
 */
const bodyLogged = (rawBody: string) => textStorableOf(rawBody.slice(0, 4000));

/** The notice parsed, or undefined when it is not JSON, breaks the input rules (contract input-rules.ts) or the schema. */
function parsedOf<T>(schema: z.ZodType<T>, rawBody: string): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  if (inputFlawOf(json)) return undefined;
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

function throttled(input: Received, limited: 'provider' | 'ip'): WebhookAnswer {
  input.log.warn({ provider: input.provider, remote: input.remoteAddress, limited }, 'payment notification throttled');
  return { status: 429, body: { received: false, outcome: 'rate_limited' }, retryAfterS: RATE_RETRY_AFTER_S };
}

/** Counts a signed (or token-proven) notification against its provider's budget: undefined within it. */
async function signedThrottled(deps: PaymentsDeps, input: Received): Promise<WebhookAnswer | undefined> {
  return (await deps.providerRateLimit.signed(`payments:${input.provider}`)) ? undefined : throttled(input, 'provider');
}

/** Refuses a notification that proved nothing, counted against its address first so forgeries cannot flood the log. */
async function refuseUnproven(deps: PaymentsDeps, input: Received, outcome: string, status: number): Promise<WebhookAnswer> {
  if (!(await deps.providerRateLimit.unsigned(input.remoteAddress))) return throttled(input, 'ip');
  return refuse(deps, input, outcome, status);
}

async function refuse(deps: PaymentsDeps, input: Received, outcome: string, status: number, orderId: string | null = null): Promise<WebhookAnswer> {
  await webhookEventInsert(deps.db, {
    provider: input.provider,
    eventId: digest(input.rawBody),
    orderId,
    outcome,
    body: bodyLogged(input.rawBody),
    remoteAddress: input.remoteAddress,
    createdAt: deps.now(),
  });
  input.log.warn({ provider: input.provider, outcome, remote: input.remoteAddress, order_id: orderId }, 'payment notification refused');
  return { status, body: { received: false, outcome } };
}

interface Notice {
  eventId: string;
  providerRef: string;
  orderId?: string;
  direction: 'payin' | 'payout';
  event: OrderEvent;
  amountMinor: number;
  currency?: string;
  payerDocument?: string;
}

async function noticeApply(deps: PaymentsDeps, input: Received, notice: Notice): Promise<WebhookAnswer> {
  const now = deps.now();
  // Notifications arriving together commit together with the other money writes (decision 074); each in its savepoint.
  const result = await groupTransaction(
    deps.db,
    async (tx) => {
      const order = await orderLockByProviderRef(tx, input.provider, notice.providerRef);
      if (!order) return { outcome: 'unknown_order', orderId: null, order: undefined };
      const matches =
        order.direction === notice.direction &&
        (notice.orderId === undefined || notice.orderId === order.orderId) &&
        (notice.currency === undefined || notice.currency === order.currency) &&
        // A payout notice carries what reached the player (amount less fee and withheld tax).
        notice.amountMinor === (order.direction === 'payout' ? order.amountMinor - order.feeMinor - order.taxMinor : order.amountMinor);
      if (!matches) return { outcome: 'mismatch', orderId: order.orderId, order: undefined };
      // Own-account pay-ins (decision 050): a third party's money is refused, not credited, and goes back to the payer.
      const payer = notice.event === 'paid' ? await payinPayerApply(tx, order, notice.payerDocument, now) : 'not_asked';
      const outcome = payer === 'refused' ? 'refused_payer' : await orderTransition(tx, order, notice.event, now);
      await webhookEventInsert(tx, {
        provider: input.provider,
        eventId: notice.eventId,
        orderId: order.orderId,
        outcome,
        body: bodyLogged(input.rawBody),
        remoteAddress: input.remoteAddress,
        createdAt: now,
      });
      return { outcome, orderId: order.orderId, order };
      // The player is not known before the order is read: the lane follows the order, so its notices queue in one.
    },
    `${input.provider}:${notice.providerRef}`,
  );
  // Money that reached the wallet (a deposit) or came back to it (a failed withdrawal) is told by the ledger after the
  // commit (decision 041's balance_changed).
  if (result.outcome === 'unknown_order') return refuse(deps, input, 'unknown_order', 404);
  if (result.outcome === 'mismatch') return refuse(deps, input, 'mismatch', 409, result.orderId);
  input.log.info({ provider: input.provider, order_id: result.orderId, event: notice.event, outcome: result.outcome }, 'payment notification');
  return { status: 200, body: { received: true, outcome: result.outcome } };
}

/** A signed notification from a sandbox PSP (every provider but M-Pesa). */
export async function webhookReceive(deps: PaymentsDeps, input: Received, signature: string | undefined): Promise<WebhookAnswer> {
  if (!KNOWN_PROVIDERS.has(input.provider) || input.provider === 'mpesa') {
    if (!(await deps.providerRateLimit.unsigned(input.remoteAddress))) return throttled(input, 'ip');
    return { status: 404, body: { received: false, outcome: 'unknown_provider' } };
  }
  const check = webhookVerify(deps.webhookSecret, signature, input.rawBody, deps.now());
  if (!check.ok) return refuseUnproven(deps, input, `forged_${check.issue}`, 401);
  const limited = await signedThrottled(deps, input);
  if (limited) return limited;
  const parsed = parsedOf(notificationSchema, input.rawBody);
  if (!parsed) return refuse(deps, input, 'malformed', 400);
  const [direction, event] = parsed.type.split('.') as ['payin' | 'payout', OrderEvent];
  if ((direction === 'payout') !== (input.provider === PAYOUT_PROVIDER)) return refuse(deps, input, 'mismatch', 409, parsed.order_id);
  return noticeApply(deps, input, {
    eventId: parsed.event_id,
    providerRef: parsed.provider_ref,
    orderId: parsed.order_id,
    direction,
    event,
    amountMinor: parsed.amount,
    currency: parsed.currency,
    ...(parsed.payer_document ? { payerDocument: parsed.payer_document } : {}),
  });
}

const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(64),
      CheckoutRequestID: z.string().min(1).max(64),
      ResultCode: z.number().int(),
      ResultDesc: z.string().max(256),
      CallbackMetadata: z.optional(z.object({ Item: z.array(z.object({ Name: z.string(), Value: z.optional(z.union([z.number(), z.string()])) })) })),
    }),
  }),
});

/**
 * A Daraja STK callback. Daraja signs nothing (reference integrations.md §1.10), so the URL carries a per-checkout
 * token only we can compute, and the result is confirmed with the provider's STK query before any money moves.
 */
export async function mpesaCallbackReceive(deps: PaymentsDeps, input: Received, token: string): Promise<WebhookAnswer> {
  const answer = await mpesaCallbackApply(deps, input, token);
  // Daraja reads only its own acknowledgement shape.
  return { ...answer, body: answer.status === 200 ? { ResultCode: 0, ResultDesc: 'Accepted' } : { ResultCode: 1, ResultDesc: 'Rejected' } };
}

async function mpesaCallbackApply(deps: PaymentsDeps, input: Received, token: string): Promise<WebhookAnswer> {
  const address = input.remoteAddress.replace(/^::ffff:/, '');
  if (deps.mpesaAllowlist && !deps.mpesaAllowlist.check(address, address.includes(':') ? 'ipv6' : 'ipv4'))
    return refuseUnproven(deps, input, 'forged_address', 401);
  // Unsigned: the body is read before anything proves who sent it, so a malformed one counts against its address.
  const parsed = parsedOf(stkCallbackSchema, input.rawBody);
  if (!parsed) return refuseUnproven(deps, input, 'malformed', 400);
  const callback = parsed.Body.stkCallback;
  if (!callbackTokenValid(deps.webhookSecret, callback.CheckoutRequestID, token)) return refuseUnproven(deps, input, 'forged_token', 401);
  const limited = await signedThrottled(deps, input);
  if (limited) return limited;
  const confirmed = await deps.provider.stkQuery(callback.CheckoutRequestID);
  if (!confirmed || confirmed.resultCode !== callback.ResultCode) return refuse(deps, input, 'unconfirmed', 409);
  const amountItem = callback.CallbackMetadata?.Item.find((item) => item.Name === 'Amount')?.Value;
  const event: OrderEvent = callback.ResultCode === MPESA_RESULT.success ? 'paid' : callback.ResultCode === MPESA_RESULT.timeout ? 'expired' : 'failed';
  const amountMinor = event === 'paid' ? Math.round(Number(amountItem) * 100) : confirmed.amountMinor;
  return noticeApply(deps, input, {
    eventId: `${callback.CheckoutRequestID}:${callback.ResultCode}`,
    providerRef: callback.CheckoutRequestID,
    direction: 'payin',
    event,
    amountMinor,
  });
}
