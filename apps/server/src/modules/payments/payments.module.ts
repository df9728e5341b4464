import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { ProviderRateLimit } from '../../plugins/rate-limit.ts';
import type { RouteDeps } from '../../plugins/route.ts';
import { sandboxIdpCreate, type SandboxIdp } from '../../providers/kyc/sandbox-idp.ts';
import { sandboxKycPagesRegister } from '../../providers/kyc/sandbox-kyc-pages.ts';
import { sandboxPagesRegister } from '../../providers/payments/sandbox-pages.ts';
import { sandboxPspCreate, type WebhookDeliver } from '../../providers/payments/sandbox-psp.ts';
import { sandboxStoreSql } from '../../providers/payments/sandbox-store-sql.ts';
import type { OutboxDeps, OutboxHandler } from '../outbox/outbox.service.ts';
import { kycRoutes } from '../safer-play/kyc.routes.ts';
import { PAYIN_START_KIND, payinExpireSweep, payinStartOutboxHandler } from './payin.service.ts';
import { payoutsAwaitingProviderResume } from './payout.service.ts';
import { addressListOf, type PaymentsDeps } from './payments-deps.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { webhookRoutes } from './webhook.routes.ts';

/** How often payouts left unsent by a crash are looked for. */
const PAYOUT_RESUME_SWEEP_MS = 30_000;
/** How often open pay-ins past their expiry are cancelled. */
const PAYIN_EXPIRY_SWEEP_MS = 30_000;

export interface PaymentsModuleDeps {
  config: AppConfig;
  deps: RouteDeps;
  jobs: JobRunner;
  providerRateLimit: ProviderRateLimit;
  outbox: OutboxDeps;
  /** The general outbox's handlers: a pay-in's provider start is added here. */
  outboxHandlers: Record<string, OutboxHandler>;
}

export interface PaymentsModule {
  payments: PaymentsDeps;
  kyc: { idp: SandboxIdp; secret: string };
}

/** Sends a provider's signed notice to our own webhook route, in process: the raw-body route a real provider calls. */
function webhookInProcess(app: FastifyInstance): WebhookDeliver {
  return async (url, headers, rawBody) => {
    const answer = await app.inject({ method: 'POST', url, headers, payload: rawBody });
    return { status: answer.statusCode, body: answer.body };
  };
}

/**
 * Payments (the sandbox PSP, pay-ins, payouts, webhooks, their leader sweeps) and identity checks (the sandbox
 * identity provider, decision 037). Both providers notify our webhooks over HTTP, in process, signed as a real one.
 */
export async function paymentsModuleRegister(app: FastifyInstance, options: PaymentsModuleDeps): Promise<PaymentsModule> {
  const { config, deps, jobs, providerRateLimit, outbox } = options;
  const webhookSecret = config.paymentsWebhookSecret ?? randomBytes(32).toString('hex');
  const psp = sandboxPspCreate({
    secret: webhookSecret,
    now: deps.now,
    deliver: webhookInProcess(app),
    log: (message, details) => app.log.info(details, message),
    store: sandboxStoreSql(deps.db, deps.now),
    ...(config.sandboxPayoutDelayMs > 0 ? { payoutAnswerDelayMs: config.sandboxPayoutDelayMs } : {}),
  });
  const mpesaAllowlist = addressListOf(config.mpesaCallbackAllowlist);
  const payments: PaymentsDeps = { ...deps, webhookSecret, provider: psp, providerRateLimit, outbox, ...(mpesaAllowlist ? { mpesaAllowlist } : {}) };
  options.outboxHandlers[PAYIN_START_KIND] = payinStartOutboxHandler(payments, app.log);
  paymentsRoutes(app, { ...payments, opsToken: config.opsToken });
  await webhookRoutes(app, payments);
  // Approving a sandbox payment credits real balances, so the hosted pages exist only outside production.
  if (!config.production) await sandboxPagesRegister(app, { psp: payments.provider, now: deps.now });
  const kycSecret = randomBytes(32).toString('hex');
  const idp = sandboxIdpCreate({ secret: kycSecret, now: deps.now, deliver: webhookInProcess(app) });
  await kycRoutes(app, { ...deps, idp, secret: kycSecret });
  if (!config.production) await sandboxKycPagesRegister(app, idp);
  jobs.register({ name: 'payin-expiry-sweep', scope: 'leader', everyMs: PAYIN_EXPIRY_SWEEP_MS, run: () => payinExpireSweep(deps.db, deps.now()) });
  // Payouts a crash left committed but never sent to the provider are sent at start and then every 30 s (decision 022);
  // the order id is the provider's idempotency key, so a pass that overlaps a leader change cannot pay twice.
  jobs.register({
    name: 'payout-resume',
    scope: 'leader',
    everyMs: PAYOUT_RESUME_SWEEP_MS,
    atStart: 'soon',
    run: () => payoutsAwaitingProviderResume(payments, app.log),
  });
  return { payments, kyc: { idp, secret: kycSecret } };
}
