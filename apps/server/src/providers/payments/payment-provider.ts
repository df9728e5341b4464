import type { PaymentInstruction } from '@piranha/contract';
import type { CryptoNetwork, PayinChannelDef, PayinKind } from '@piranha/domain/payments';

/**
 * What the payments module asks of a payment service provider. A real PSP plugs in behind the same shape; the
 * sandbox (`sandbox-psp.ts`) answers with real artefacts and notifies our webhook like a PSP would.
 */
export interface PayinStartRequest {
  orderId: string;
  channel: PayinChannelDef;
  amountMinor: number;
  currency: string;
  brandName: string;
  expiresAt: Date;
  network?: CryptoNetwork;
  /** Daraja MSISDN for an STK push. */
  msisdn?: string;
  /**
   * Sandbox only: the CPF on the player's account, as the bank account the sandbox pays from unless the tester picks
   * another (a real PIX provider learns the payer when paid and tells it in its notice, decision 050).
   */
  payerDocument?: string;
}

export interface PayinStart {
  providerRef: string;
  instruction: Omit<PaymentInstruction, 'expire_at'>;
}

export interface PayoutStartRequest {
  orderId: string;
  channel: string;
  currency: string;
  netAmountMinor: number;
  account: Readonly<Record<string, string>>;
}

export interface PaymentProvider {
  /**
   * Starts a payment. `orderId` is its idempotency key at the provider (a PSP's merchant reference): asked again for
   * the same order — a retry resuming what a dead server process left — it answers the payment already started.
   */
  payinStart: (request: PayinStartRequest) => Promise<PayinStart>;
  payoutStart: (request: PayoutStartRequest) => Promise<{ providerRef: string }>;
  /** M-Pesa STK Push Query: the result the provider holds for a checkout, to confirm an unsigned callback. */
  stkQuery: (checkoutRequestId: string) => Promise<{ resultCode: number; amountMinor: number } | undefined>;
}

/** The sandbox provider family of each pay-in kind (the /sandbox/<provider>/ path). */
const PROVIDER_OF_KIND: Readonly<Record<PayinKind, string>> = {
  pix: 'pix',
  spei: 'spei',
  upi: 'upi',
  stk_push: 'mpesa',
  redirect: 'ewallet',
  reference: 'cash',
  thai_qr: 'thaiqr',
  bank_transfer: 'bank',
  crypto: 'crypto',
};

export function payinProviderOf(channel: PayinChannelDef): string {
  // PSE and Nequi redirect to Colombian bank and wallet checkouts, GCash and Maya to Philippine wallets.
  if (channel.kind === 'redirect' && channel.currency === 'COP') return 'pse';
  return PROVIDER_OF_KIND[channel.kind];
}

export const PAYIN_PROVIDERS = ['pix', 'spei', 'upi', 'mpesa', 'ewallet', 'pse', 'cash', 'thaiqr', 'bank', 'crypto'] as const;

export const PAYOUT_PROVIDER = 'payout';
