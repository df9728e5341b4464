import type { FastifyInstance, FastifyReply } from 'fastify';
import type { KycAttempt, SandboxIdp } from './sandbox-idp.ts';

/**
 * The sandbox identity provider's hosted pages (decision 037): a reviewer sees the uploaded document and selfie and the
 * data the player declared, corrects the birth date as read on the document, and approves or declines. Plain HTML, no
 * script (the app's CSP holds), readable on a phone; only outside production, like the payment sandboxes.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0f172a;color:#e2e8f0}
main{max-width:440px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 4px}.tag{display:inline-block;padding:2px 8px;border-radius:6px;background:#334155;font-size:12px}
.card{background:#1e293b;border-radius:12px;padding:16px;margin:16px 0}
dl{margin:0}dt{font-size:13px;color:#94a3b8}dd{margin:0 0 10px;word-break:break-all;font-family:ui-monospace,monospace}
img{width:100%;height:auto;border-radius:8px;background:#fff}
label{display:block;font-size:13px;color:#94a3b8;margin-bottom:4px}
input{width:100%;box-sizing:border-box;min-height:44px;border-radius:8px;border:1px solid #475569;background:#0f172a;color:#e2e8f0;padding:0 10px;font-size:16px}
.actions{display:flex;gap:12px;margin-top:12px}.actions>*{flex:1}
button{width:100%;min-height:48px;border:0;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer}
.approve{background:#22c55e;color:#052e16}.decline{background:#ef4444;color:#fff}
a{color:#38bdf8}.note{color:#94a3b8;font-size:13px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} · Sandbox</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const back = '<p><a href="/#/setting/safer-play">Back to the app</a></p>';

function filePreview(attempt: KycAttempt, kind: 'document' | 'selfie'): string {
  const src = `/sandbox/kyc/${escape(attempt.ref)}/${kind}`;
  const upload = attempt[kind];
  return upload.type === 'application/pdf' ? `<p><a href="${src}">Open the ${kind} (PDF)</a></p>` : `<img src="${src}" alt="The ${kind} uploaded">`;
}

function attemptPage(attempt: KycAttempt): string {
  const decide =
    attempt.state === 'open'
      ? `<form method="post" action="${escape(attempt.ref)}/approve"><label for="birth_date">Birth date as read on the document</label><input id="birth_date" name="birth_date" type="date" value="${escape(attempt.birthDate)}" required><div class="actions"><button class="approve" type="submit">Approve identity</button></div></form>
<form method="post" action="${escape(attempt.ref)}/decline"><div class="actions"><button class="decline" type="submit">Decline</button></div></form>`
      : `<p>This check is <strong>${escape(attempt.state)}</strong>.</p>`;
  return page(
    'Identity check',
    `<span class="tag">Sandbox · Identity check</span><h1>Review the identity</h1>
<div class="card"><dl><dt>Document (${escape(attempt.documentType)})</dt><dd>${escape(attempt.documentNumber)}</dd><dt>Birth date declared</dt><dd>${escape(attempt.birthDate)}</dd></dl>${filePreview(attempt, 'document')}${filePreview(attempt, 'selfie')}</div>
${decide}${back}`,
  );
}

function notFound(reply: FastifyReply) {
  return reply.status(404).type('text/html').send(page('Not found', '<h1>No such check</h1><p class="note">The link is wrong or the sandbox restarted.</p>'));
}

export async function sandboxKycPagesRegister(app: FastifyInstance, idp: SandboxIdp): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''))),
    );
    const counted = { config: { rateLimit: 'ip' as const } };
    scope.get('/sandbox/kyc', counted, async (_request, reply) => {
      const items = idp
        .open()
        .map((attempt) => `<li><a href="/sandbox/kyc/${escape(attempt.ref)}">${escape(attempt.documentType)} ${escape(attempt.documentNumber)}</a></li>`)
        .join('');
      return reply.type('text/html').send(page('Identity checks', `<h1>Open identity checks</h1><ul>${items || '<li>None</li>'}</ul>`));
    });
    scope.get<{ Params: { ref: string } }>('/sandbox/kyc/:ref', counted, async (request, reply) => {
      const attempt = idp.attemptOf(request.params.ref);
      return attempt ? reply.type('text/html').send(attemptPage(attempt)) : notFound(reply);
    });
    scope.get<{ Params: { ref: string; kind: string } }>('/sandbox/kyc/:ref/:kind', counted, async (request, reply) => {
      const attempt = idp.attemptOf(request.params.ref);
      const kind = request.params.kind;
      if (!attempt || (kind !== 'document' && kind !== 'selfie')) return notFound(reply);
      return reply.type(attempt[kind].type).header('cache-control', 'no-store').send(attempt[kind].bytes);
    });
    scope.post<{ Params: { ref: string; decision: string }; Body: Record<string, string> }>('/sandbox/kyc/:ref/:decision', counted, async (request, reply) => {
      const { ref, decision } = request.params;
      if (decision !== 'approve' && decision !== 'decline') return notFound(reply);
      if (!idp.attemptOf(ref)) return notFound(reply);
      const birthDate =
        typeof request.body?.birth_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(request.body.birth_date) ? request.body.birth_date : undefined;
      const result = await idp.decide(ref, decision === 'approve' ? 'approved' : 'declined', birthDate);
      const heading = result.state === 'approved' ? 'Identity approved' : result.state === 'declined' ? 'Identity declined' : 'Not delivered';
      const note = result.delivered ? 'The operator has been notified.' : 'The operator did not accept the notification.';
      return reply.type('text/html').send(page(heading, `<h1>${escape(heading)}</h1><p class="note">${escape(note)}</p>${back}`));
    });
  });
}
