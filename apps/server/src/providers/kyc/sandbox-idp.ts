import { randomBytes, randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER, webhookSign } from '../payments/webhook-signature.ts';
import type { WebhookDeliver } from '../payments/sandbox-psp.ts';

/**
 * The sandbox identity provider (decision 037): what a KYC vendor's hosted flow does, inside our server. It keeps an
 * attempt (the document and selfie uploaded, the data the player declared) in memory, shows it on a hosted page where
 * a reviewer approves — reading the birth date off the document — or declines, and notifies our webhook with a signed
 * body (`t=…,v1=…`, the timestamp inside the MAC; a unique event id per notification, so a replay changes nothing).
 */
export const KYC_WEBHOOK_PATH = '/api/piranha/kyc/webhook/sandbox';

export interface KycUpload {
  type: string;
  bytes: Buffer;
}

export interface KycAttempt {
  ref: string;
  documentType: string;
  documentNumber: string;
  birthDate: string;
  document: KycUpload;
  selfie: KycUpload;
  state: 'open' | 'approved' | 'declined';
  createdAt: Date;
}

export interface KycNotice {
  event_id: string;
  provider_ref: string;
  decision: 'approved' | 'declined';
  /** What the provider read on the document. */
  document_number: string;
  birth_date: string;
}

export interface SandboxIdp {
  start(input: { documentType: string; documentNumber: string; birthDate: string; document: KycUpload; selfie: KycUpload }): KycAttempt;
  attemptOf(ref: string): KycAttempt | undefined;
  open(): KycAttempt[];
  /** The reviewer's decision: notifies our webhook, once. `birthDate` is what they read on the document. */
  decide(ref: string, decision: 'approved' | 'declined', birthDate?: string): Promise<{ delivered: boolean; state: KycAttempt['state'] }>;
  /** Signs a body as the provider would (tests forge and replay with it). */
  sign(rawBody: string, at: Date): Record<string, string>;
}

/** At most this many attempts are kept (oldest dropped first): uploads are held in memory. */
const KEEP = 200;

export function sandboxIdpCreate(options: { secret: string; now: () => Date; deliver: WebhookDeliver }): SandboxIdp {
  const attempts = new Map<string, KycAttempt>();
  const sign = (rawBody: string, at: Date) => ({ 'content-type': 'application/json', [SIGNATURE_HEADER]: webhookSign(options.secret, rawBody, at) });
  return {
    start(input) {
      const ref = `kyc_${randomBytes(12).toString('hex')}`;
      const attempt: KycAttempt = { ref, ...input, state: 'open', createdAt: options.now() };
      attempts.set(ref, attempt);
      while (attempts.size > KEEP) attempts.delete(attempts.keys().next().value!);
      return attempt;
    },
    attemptOf: (ref) => attempts.get(ref),
    open: () => [...attempts.values()].filter((attempt) => attempt.state === 'open'),
    async decide(ref, decision, birthDate) {
      const attempt = attempts.get(ref);
      if (!attempt) return { delivered: false, state: 'declined' };
      if (attempt.state !== 'open') return { delivered: true, state: attempt.state };
      const notice: KycNotice = {
        event_id: randomUUID(),
        provider_ref: ref,
        decision,
        document_number: attempt.documentNumber,
        birth_date: birthDate ?? attempt.birthDate,
      };
      const rawBody = JSON.stringify(notice);
      const answer = await options.deliver(KYC_WEBHOOK_PATH, sign(rawBody, options.now()), rawBody);
      const delivered = answer.status >= 200 && answer.status < 300;
      if (delivered) attempt.state = decision;
      return { delivered, state: attempt.state };
    },
    sign,
  };
}
