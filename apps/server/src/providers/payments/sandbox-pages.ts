import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_OTHER_PAYER_CPF, type SandboxPayment, type SandboxPsp } from './sandbox-psp.ts';

/**
 * The sandbox PSP's hosted pages: what the player's bank app, wallet or phone would show. Plain server-rendered HTML
 * (no script, so the app's CSP holds), readable on a phone. Approve and decline are form posts; letting the page sit
 * past its expiry is the time-out path.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TITLES: Record<string, string> = {
  pix: 'PIX',
  spei: 'SPEI',
  upi: 'UPI',
  mpesa: 'M-Pesa',
  ewallet: 'E-wallet checkout',
  pse: 'PSE / Nequi',
  cash: 'Efecty',
  thaiqr: 'Thai QR',
  bank: 'Bank transfer',
  crypto: 'USDT wallet',
  payout: 'Payout desk',
};

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0f172a;color:#e2e8f0}
main{max-width:440px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 4px}.tag{display:inline-block;padding:2px 8px;border-radius:6px;background:#334155;font-size:12px}
.card{background:#1e293b;border-radius:12px;padding:16px;margin:16px 0}
dl{margin:0}dt{font-size:13px;color:#94a3b8}dd{margin:0 0 10px;word-break:break-all;font-family:ui-monospace,monospace}
.amount{font-size:28px;font-weight:700}
.actions{display:flex;gap:12px}.actions form{flex:1}
button{width:100%;min-height:48px;border:0;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer}
.approve{background:#22c55e;color:#052e16}.decline{background:#ef4444;color:#fff}
.qr svg{width:100%;height:auto;background:#fff;border-radius:8px}
a{color:#38bdf8}.note{color:#94a3b8;font-size:13px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} · Sandbox</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const LABELS: Record<string, string> = {
  code: 'Copy and paste code',
  link: 'Payment link',
  clabe: 'CLABE',
  reference: 'Reference',
  phone: 'Phone',
  account_number: 'Account number',
  address: 'Address',
  network: 'Network',
};

function paymentPage(payment: SandboxPayment, qrSvg: string | undefined, now: Date): string {
  const title = TITLES[payment.provider] ?? payment.provider;
  const details = Object.entries(payment.display)
    .filter(([name]) => name !== 'amount')
    .map(([name, value]) => `<dt>${escape(LABELS[name] ?? name)}</dt><dd>${escape(value)}</dd>`)
    .join('');
  const open = payment.state === 'open' && (!payment.expiresAt || payment.expiresAt.getTime() > now.getTime());
  const what =
    payment.direction === 'payin' ? (payment.provider === 'mpesa' ? 'Enter your M-Pesa PIN to pay' : 'Pay this order') : 'Send this payout to the account';
  // PIX names its payer: a tester can pay from someone else's account to see the merchant send it back (decision 050).
  const otherPayer =
    payment.direction === 'payin' && payment.provider === 'pix'
      ? `<form method="post" action="${escape(payment.providerRef)}/approve?payer_document=${SANDBOX_OTHER_PAYER_CPF}"><button class="decline" type="submit">Pay from another person's account</button></form>`
      : '';
  const actions = open
    ? `<div class="actions"><form method="post" action="${escape(payment.providerRef)}/approve"><button class="approve" type="submit">${payment.direction === 'payin' ? 'Approve payment' : 'Pay out'}</button></form>${otherPayer}<form method="post" action="${escape(payment.providerRef)}/decline"><button class="decline" type="submit">${payment.direction === 'payin' ? 'Decline' : 'Fail payout'}</button></form></div>`
    : `<p>This payment is <strong>${escape(payment.state === 'open' ? 'expired' : payment.state)}</strong>.</p>`;
  const expires = payment.expiresAt
    ? `<p class="note">Expires at ${escape(payment.expiresAt.toISOString().slice(11, 16))} UTC; leave it to let it time out.</p>`
    : '';
  return page(
    title,
    `<span class="tag">Sandbox · ${escape(title)}</span><h1>${escape(what)}</h1>
<div class="card"><div class="amount">${escape(payment.display.amount ?? '')} ${escape(payment.currency)}</div><p class="note">Order ${escape(payment.orderId)}</p>${qrSvg ? `<div class="qr">${qrSvg}</div>` : ''}<dl>${details}</dl></div>
${actions}${expires}${backLink(payment)}`,
  );
}

function backLink(payment: SandboxPayment): string {
  const target = payment.direction === 'payin' ? `/#/deposit-wait?order_id=${encodeURIComponent(payment.orderId)}` : '/#/transaction';
  return `<p><a href="${escape(target)}">Back to the app</a></p>`;
}

function notFound(reply: FastifyReply) {
  return reply.status(404).type('text/html').send(page('Not found', '<h1>No such payment</h1><p class="note">The link is wrong or the sandbox restarted.</p>'));
}

export interface SandboxPagesOptions {
  psp: SandboxPsp;
  now: () => Date;
}

export async function sandboxPagesRegister(app: FastifyInstance, options: SandboxPagesOptions): Promise<void> {
  await app.register(async (scope) => {
    // The hosted pages post plain forms without fields; their body carries nothing we read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    // Counted in the per-IP limit like the API: a decision notifies our webhook, which writes to the database.
    const counted = { config: { rateLimit: 'ip' as const } };
    scope.get<{ Params: { provider: string } }>('/sandbox/:provider', counted, async (request, reply) => {
      const open = await options.psp.openPayments(request.params.provider);
      const items = open
        .map(
          (payment) =>
            `<li><a href="/sandbox/${escape(payment.provider)}/checkout/${escape(payment.providerRef)}">${escape(payment.orderId)}</a> · ${escape(payment.display.amount ?? '')} ${escape(payment.currency)}</li>`,
        )
        .join('');
      return reply.type('text/html').send(page(TITLES[request.params.provider] ?? 'Sandbox', `<h1>Open payments</h1><ul>${items || '<li>None</li>'}</ul>`));
    });

    scope.get<{ Params: { provider: string; ref: string } }>('/sandbox/:provider/checkout/:ref', counted, async (request, reply) => {
      const payment = await options.psp.paymentOf(request.params.provider, request.params.ref);
      if (!payment) return notFound(reply);
      return reply.type('text/html').send(paymentPage(payment, payment.qrSvg, options.now()));
    });

    scope.post<{ Params: { provider: string; ref: string; decision: string }; Querystring: { payer_document?: string } }>(
      '/sandbox/:provider/checkout/:ref/:decision',
      counted,
      async (request, reply) => {
        const { provider, ref, decision } = request.params;
        if (decision !== 'approve' && decision !== 'decline') return notFound(reply);
        const payment = await options.psp.paymentOf(provider, ref);
        if (!payment) return notFound(reply);
        const payerDocument = request.query.payer_document;
        const payer = typeof payerDocument === 'string' && /^\d{11}$/.test(payerDocument) ? { document: payerDocument } : {};
        const result = await options.psp.decide(provider, ref, decision, payer);
        const heading = result.returnedToPayer
          ? 'Payment returned'
          : result.state === 'paid'
            ? 'Payment done'
            : result.state === 'failed'
              ? 'Payment declined'
              : `Payment ${result.state}`;
        const note = result.returnedToPayer
          ? 'The merchant takes money only from the account holder: it was sent back to the payer.'
          : result.delivered
            ? 'The merchant has been notified.'
            : 'The merchant did not accept the notification.';
        return reply.type('text/html').send(page(heading, `<h1>${escape(heading)}</h1><p class="note">${escape(note)}</p>${backLink(payment)}`));
      },
    );
  });
}
