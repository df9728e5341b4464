import { randomBytes, randomUUID } from 'node:crypto';
import {
  accountIdFromLabel,
  brCodeBuild,
  clabeBuild,
  erc20AddressFromAccountId,
  MPESA_RESULT,
  mpesaPassword,
  mpesaTimestamp,
  promptPayBuild,
  trc20AddressFromAccountId,
  upiLinkBuild,
} from '@piranha/domain/payments';
import { callbackToken, webhookSign, SIGNATURE_HEADER } from './webhook-signature.ts';
import {
  payinProviderOf,
  PAYOUT_PROVIDER,
  type PayinStart,
  type PayinStartRequest,
  type PaymentProvider,
  type PayoutStartRequest,
} from './payment-provider.ts';

/**
 * The sandbox payment service provider: one in-process PSP per method family under /sandbox/<provider>/. It issues
 * real artefacts (BR Code with CRC, CLABE with check digit, UPI link, Daraja STK request, PromptPay QR, checksummed
 * USDT addresses), keeps its own record of each payment (as a PSP would, in memory), shows a hosted page where a
 * person approves, declines or lets it time out, and notifies our webhook with a signed raw body — or, for
 * M-Pesa, a Daraja callback to a secret-token URL that we confirm with its STK query.
 */

/** The public sandbox Daraja passkey (reference integrations.md §1.10). */
const MPESA_SHORTCODE = '174379';
const MPESA_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const PIX_KEY = '7f6d1a52-3c1e-4e8a-9b0d-5a2f9c7e4b11';

export type SandboxState = 'open' | 'processing' | 'paid' | 'failed' | 'expired';

export interface SandboxPayment {
  provider: string;
  direction: 'payin' | 'payout';
  providerRef: string;
  orderId: string;
  amountMinor: number;
  currency: string;
  channel: string;
  expiresAt: Date | undefined;
  state: SandboxState;
  /** What the hosted page shows: the copy text, CLABE… */
  display: Record<string, string>;
  /** The QR image (SVG) of the instruction, when the method has one. */
  qrSvg?: string;
  /** Daraja: the STK push request body we "received". */
  stkRequest?: Record<string, unknown>;
  resultCode?: number;
  /** A pay-in's answer to its start, given again when the same order is started again. */
  start?: PayinStart;
  /** PIX pay-ins: the payer's CPF the notice carries (decision 050); the player's own unless the tester picks another. */
  payerDocument?: string;
  /** The merchant refused the money (a payer other than the account holder): the sandbox sent it back to the payer. */
  returnedToPayer?: boolean;
}

/** A valid CPF that is nobody's in the tests: the sandbox page's "someone else pays" (decision 050). */
export const SANDBOX_OTHER_PAYER_CPF = '52998224725';

/** How the sandbox reaches our webhook: an HTTP POST of a raw body (in-process through Fastify's inject). */
export type WebhookDeliver = (path: string, headers: Record<string, string>, rawBody: string) => Promise<{ status: number; body: string }>;

export interface SandboxPsp extends PaymentProvider {
  paymentOf: (provider: string, providerRef: string) => Promise<SandboxPayment | undefined>;
  /** Payments of a provider still waiting for a person's decision, newest first. */
  openPayments: (provider: string) => Promise<SandboxPayment[]>;
  /** A person approves (pays) or declines on the hosted page; answers whether our server accepted the notice. */
  decide: (
    provider: string,
    providerRef: string,
    decision: 'approve' | 'decline',
    payer?: { document?: string },
  ) => Promise<{ delivered: boolean; state: SandboxState; returnedToPayer?: boolean }>;
}

export interface SandboxPspOptions {
  secret: string;
  now: () => Date;
  deliver: WebhookDeliver;
  log?: (message: string, details: Record<string, unknown>) => void;
  /**
   * Where the sandbox keeps its books (decision 042): `sandboxStoreSql` keeps them in the database, as a real PSP's
   * outlive our process and are one for every node (a hosted page opened on one node, paid through another); unset
   * keeps them in this process's memory.
   */
  store?: SandboxStore;
  /** A slow provider (SANDBOX_PAYOUT_DELAY_MS): how long it takes to answer a payout it has already recorded. */
  payoutAnswerDelayMs?: number;
}

/** The sandbox's books: its payments by provider reference, and the first start asked for each of our orders. */
export interface SandboxStore {
  get(provider: string, providerRef: string): Promise<SandboxPayment | undefined>;
  /** Adds or updates a payment. */
  put(payment: SandboxPayment): Promise<void>;
  /** Payments of a provider still waiting for a person's decision, newest first. */
  open(provider: string): Promise<SandboxPayment[]>;
  /**
   * Records `payment` as the one for its order and direction unless one is recorded already (the order id is the
   * idempotency key); answers the one on the books.
   */
  firstOf(payment: SandboxPayment): Promise<SandboxPayment>;
}

export function sandboxStoreMemory(): SandboxStore {
  const payments = new Map<string, SandboxPayment>();
  const byOrder = new Map<string, SandboxPayment>();
  return {
    get: async (provider, providerRef) => payments.get(`${provider}:${providerRef}`),
    put: async (payment) => {
      payments.set(`${payment.provider}:${payment.providerRef}`, payment);
    },
    open: async (provider) => [...payments.values()].filter((payment) => payment.provider === provider && payment.state === 'open').reverse(),
    firstOf: async (payment) => {
      const key = `${payment.direction}:${payment.orderId}`;
      const first = byOrder.get(key);
      if (first) return first;
      byOrder.set(key, payment);
      payments.set(`${payment.provider}:${payment.providerRef}`, payment);
      return payment;
    },
  };
}

const money = (amountMinor: number) => `${Math.trunc(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;

async function qrSvg(text: string): Promise<string> {
  // Loaded on the first QR code, not with the server: a start parses less (decision 103).
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

function digitsOf(orderId: string, length: number): string {
  // A stable numeric reference from the order id: its bytes folded into decimal digits.
  let out = '';
  for (const byte of new TextEncoder().encode(orderId)) out += String(byte % 10);
  return out.slice(-length).padStart(length, '7');
}

export function sandboxPspCreate(options: SandboxPspOptions): SandboxPsp {
  const store = options.store ?? sandboxStoreMemory();

  /** Notifies our webhook; answers whether it accepted, and whether it refused the money as a third party's. */
  async function notifyAnswer(payment: SandboxPayment, type: string): Promise<{ ok: boolean; refusedPayer: boolean }> {
    const body = JSON.stringify({
      event_id: `evt_${randomBytes(12).toString('hex')}`,
      type: `${payment.direction}.${type}`,
      provider_ref: payment.providerRef,
      order_id: payment.orderId,
      amount: payment.amountMinor,
      currency: payment.currency,
      occurred_at: options.now().toISOString(),
      // A PIX provider names who paid (the payer's CPF) once the money arrived.
      ...(payment.direction === 'payin' && payment.provider === 'pix' && type === 'paid' && payment.payerDocument
        ? { payer_document: payment.payerDocument }
        : {}),
    });
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: webhookSign(options.secret, body, options.now()) };
    const answer = await options.deliver(`/api/piranha/finance/webhook/${payment.provider}`, headers, body);
    return { ok: answer.status === 200, refusedPayer: answer.status === 200 && answer.body.includes('"refused_payer"') };
  }

  async function notify(payment: SandboxPayment, type: string): Promise<boolean> {
    return (await notifyAnswer(payment, type)).ok;
  }

  async function mpesaCallback(payment: SandboxPayment, resultCode: number): Promise<boolean> {
    const stk = payment.stkRequest!;
    const callback = {
      Body: {
        stkCallback: {
          MerchantRequestID: String(stk.MerchantRequestID),
          CheckoutRequestID: payment.providerRef,
          ResultCode: resultCode,
          ResultDesc: resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
          ...(resultCode === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: payment.amountMinor / 100 },
                    { Name: 'MpesaReceiptNumber', Value: randomBytes(5).toString('hex').toUpperCase() },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: Number(mpesaTimestamp(options.now())) },
                    { Name: 'PhoneNumber', Value: Number(stk.PhoneNumber) },
                  ],
                },
              }
            : {}),
        },
      },
    };
    const answer = await options.deliver(String(stk.CallBackURL), { 'content-type': 'application/json' }, JSON.stringify(callback));
    return answer.status === 200;
  }

  // Like a real PSP, the sandbox takes our order id as the idempotency key of a start: asked again for the same order
  // (a retry resuming what a dead process left), it answers the payment it already opened.

  async function payinStart(request: PayinStartRequest): Promise<PayinStart> {
    const provider = payinProviderOf(request.channel);
    const amount = money(request.amountMinor);
    const base = { provider };
    let providerRef = `${provider}_${randomBytes(10).toString('hex')}`;
    let instruction: PayinStart['instruction'];
    const display: Record<string, string> = {};
    let stkRequest: Record<string, unknown> | undefined;
    switch (request.channel.kind) {
      case 'pix': {
        const copy = brCodeBuild({
          key: PIX_KEY,
          merchantName: request.brandName,
          merchantCity: 'SAO PAULO',
          amountMinor: request.amountMinor,
          txid: request.orderId.slice(0, 25),
        });
        instruction = { ...base, kind: 'pix', copy_text: copy, qr_svg: await qrSvg(copy), beneficiary: request.brandName };
        display.code = copy;
        break;
      }
      case 'spei': {
        const clabe = clabeBuild('646', '180', digitsOf(request.orderId, 11));
        const reference = digitsOf(`${request.orderId}r`, 7);
        instruction = { ...base, kind: 'spei', clabe, reference, bank_name: 'STP', beneficiary: request.brandName };
        Object.assign(display, { clabe, reference });
        break;
      }
      case 'upi': {
        const link = upiLinkBuild({
          vpa: 'piranha.pay@oksbi',
          payeeName: request.brandName,
          amountMinor: request.amountMinor,
          note: 'Deposit',
          reference: request.orderId,
        });
        instruction = { ...base, kind: 'upi', upi_link: link, copy_text: link, qr_svg: await qrSvg(link), beneficiary: request.brandName };
        display.link = link;
        break;
      }
      case 'stk_push': {
        const stamp = mpesaTimestamp(options.now());
        providerRef = `ws_CO_${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}${randomBytes(5).toString('hex')}`;
        stkRequest = {
          BusinessShortCode: Number(MPESA_SHORTCODE),
          Password: mpesaPassword(MPESA_SHORTCODE, MPESA_PASSKEY, stamp),
          Timestamp: stamp,
          TransactionType: 'CustomerPayBillOnline',
          Amount: Math.ceil(request.amountMinor / 100),
          PartyA: Number(request.msisdn),
          PartyB: Number(MPESA_SHORTCODE),
          PhoneNumber: Number(request.msisdn),
          CallBackURL: `/api/piranha/finance/webhook/mpesa/${callbackToken(options.secret, providerRef)}`,
          AccountReference: request.orderId.slice(-12),
          TransactionDesc: 'Deposit',
          MerchantRequestID: `${randomBytes(3).readUIntBE(0, 3)}-${randomBytes(4).readUInt32BE(0)}-1`,
        };
        instruction = {
          ...base,
          kind: 'stk_push',
          phone: request.msisdn!,
          checkout_request_id: providerRef,
          customer_message: 'Success. Request accepted for processing',
        };
        display.phone = request.msisdn!;
        break;
      }
      case 'redirect':
        instruction = { ...base, kind: 'redirect' };
        break;
      case 'reference': {
        const reference = digitsOf(request.orderId, 10);
        instruction = { ...base, kind: 'reference', reference, beneficiary: request.brandName };
        display.reference = reference;
        break;
      }
      case 'thai_qr': {
        const copy = promptPayBuild('0812345678', request.amountMinor);
        instruction = { ...base, kind: 'thai_qr', copy_text: copy, qr_svg: await qrSvg(copy), beneficiary: request.brandName };
        display.code = copy;
        break;
      }
      case 'bank_transfer': {
        const reference = digitsOf(request.orderId, 8);
        const accountNumber = `10${digitsOf(`${request.orderId}a`, 10)}`;
        instruction = { ...base, kind: 'bank_transfer', bank_name: 'Sandbox Bank', account_number: accountNumber, reference, beneficiary: request.brandName };
        Object.assign(display, { account_number: accountNumber, reference });
        break;
      }
      case 'crypto': {
        const accountId = accountIdFromLabel(`${request.orderId}:${randomUUID()}`);
        const network = request.network ?? 'TRC20';
        const address = network === 'TRC20' ? trc20AddressFromAccountId(accountId) : erc20AddressFromAccountId(accountId);
        instruction = { ...base, kind: 'crypto', address, network, copy_text: address, qr_svg: await qrSvg(address) };
        Object.assign(display, { address, network });
        break;
      }
    }
    instruction.checkout_url = `/sandbox/${provider}/checkout/${providerRef}`;
    // Like a real PSP, the sandbox takes our order id as the idempotency key of a start: asked again for the same order
    // (a retry resuming what a dead process left), it answers the payment it already opened.
    const first = await store.firstOf({
      provider,
      direction: 'payin',
      providerRef,
      orderId: request.orderId,
      amountMinor: request.amountMinor,
      currency: request.currency,
      channel: request.channel.key,
      expiresAt: request.expiresAt,
      state: 'open',
      display: { amount, ...display },
      ...(stkRequest ? { stkRequest } : {}),
      ...(instruction.qr_svg ? { qrSvg: instruction.qr_svg } : {}),
      ...(request.payerDocument ? { payerDocument: request.payerDocument } : {}),
      start: { providerRef, instruction },
    });
    return first.start ?? { providerRef: first.providerRef, instruction };
  }

  async function payoutStart(request: PayoutStartRequest): Promise<{ providerRef: string }> {
    const providerRef = `po_${randomBytes(10).toString('hex')}`;
    const first = await store.firstOf({
      provider: PAYOUT_PROVIDER,
      direction: 'payout',
      providerRef,
      orderId: request.orderId,
      amountMinor: request.netAmountMinor,
      currency: request.currency,
      channel: request.channel,
      expiresAt: undefined,
      state: 'open',
      display: { amount: money(request.netAmountMinor), ...request.account },
    });
    // A slow provider answers a payout it has already recorded only after a while (the kill -9 drill, decision 042).
    if (first.providerRef === providerRef && options.payoutAnswerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.payoutAnswerDelayMs));
    return { providerRef: first.providerRef };
  }

  async function decide(provider: string, providerRef: string, decision: 'approve' | 'decline', payer: { document?: string } = {}) {
    const payment = await store.get(provider, providerRef);
    if (!payment || payment.state !== 'open') return { delivered: false, state: payment?.state ?? ('failed' as const) };
    if (payment.expiresAt && payment.expiresAt.getTime() <= options.now().getTime()) {
      payment.state = 'expired';
      await store.put(payment);
      return { delivered: false, state: payment.state };
    }
    if (payment.provider === 'mpesa') {
      payment.resultCode = decision === 'approve' ? MPESA_RESULT.success : MPESA_RESULT.cancelledByUser;
      payment.state = decision === 'approve' ? 'paid' : 'failed';
      await store.put(payment);
      const delivered = await mpesaCallback(payment, payment.resultCode);
      return { delivered, state: payment.state };
    }
    if (decision === 'decline') {
      payment.state = 'failed';
      await store.put(payment);
      return { delivered: await notify(payment, 'failed'), state: payment.state };
    }
    // A pay-in is confirmed in two steps as PSPs do (processing, then paid), so the order passes 0 → 1 → 4.
    payment.state = 'processing';
    await store.put(payment);
    const processing = payment.direction === 'payin' ? await notify(payment, 'processing') : true;
    payment.state = 'paid';
    if (payer.document !== undefined) payment.payerDocument = payer.document;
    await store.put(payment);
    const paid = await notifyAnswer(payment, 'paid');
    // The merchant would not take a third party's money (Portaria 615): a PIX provider sends it back (a devolução).
    if (paid.refusedPayer) {
      payment.returnedToPayer = true;
      await store.put(payment);
    }
    options.log?.('sandbox payment approved', { provider, providerRef, orderId: payment.orderId, returnedToPayer: paid.refusedPayer });
    return { delivered: processing && paid.ok, state: payment.state, ...(paid.refusedPayer ? { returnedToPayer: true } : {}) };
  }

  return {
    payinStart,
    payoutStart,
    stkQuery: async (checkoutRequestId) => {
      const payment = await store.get('mpesa', checkoutRequestId);
      return payment?.resultCode === undefined ? undefined : { resultCode: payment.resultCode, amountMinor: payment.amountMinor };
    },
    paymentOf: (provider, providerRef) => store.get(provider, providerRef),
    openPayments: (provider) => store.open(provider),
    decide,
  };
}
