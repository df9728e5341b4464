import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutboxLatest } from '../../providers/mail/mail-outbox.ts';
import { smsOutboxLatest } from '../../providers/sms/sms-outbox.ts';

const SHOWN = 50;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, items: { when: Date; to: string; heading: string; body: string }[]): string {
  const rows = items
    .map(
      (item) =>
        `<article><header><time datetime="${item.when.toISOString()}">${item.when.toISOString()}</time> · <b>${escapeHtml(item.to)}</b></header>` +
        `<h2>${escapeHtml(item.heading)}</h2><pre>${escapeHtml(item.body)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>body{font:15px/1.5 system-ui,sans-serif;margin:1rem;max-width:48rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}
h2{font-size:1rem;margin:.25rem 0}pre{white-space:pre-wrap;margin:0}</style></head>
<body><h1>${title}</h1><p>Newest first; the latest ${SHOWN}. This page exists outside production only.</p>
${rows || '<p>Nothing yet.</p>'}</body></html>`;
}

function toOf(query: unknown): string | undefined {
  const to = (query as Record<string, unknown> | undefined)?.to;
  return typeof to === 'string' && to.length <= 254 ? to.toLowerCase() : undefined;
}

/**
 * The sandbox mailbox and SMS box: where a person running `npm start` without SMTP_URL reads their codes.
 * Registered only outside production; `?to=` narrows to one address.
 */
export function devMailboxRoutes(app: FastifyInstance, db: Db): void {
  // Each page is a query: counted in the per-IP limit like the API.
  app.get('/dev/mailbox', { config: { rateLimit: 'ip' } }, async (request, reply) => {
    const mails = await mailOutboxLatest(db, SHOWN, toOf(request.query));
    const items = mails.map((mail) => ({ when: mail.createdAt, to: mail.toAddress, heading: mail.subject, body: mail.text }));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Mailbox', items));
  });
  app.get('/dev/smsbox', { config: { rateLimit: 'ip' } }, async (request, reply) => {
    const messages = await smsOutboxLatest(db, SHOWN, toOf(request.query));
    const items = messages.map((sms) => ({ when: sms.createdAt, to: sms.toPhone, heading: 'SMS', body: sms.text }));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('SMS box', items));
  });
}
