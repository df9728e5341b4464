import { textRedact, valueRedact } from '@piranha/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The server log's serializers (issue 14): a log line never carries a session, device id or secret, password, code
 * or token (packages/contract redact.ts names them). Fastify logs every request's URL, where clients of the spec's
 * kind put uid/sid/smid; errors may quote a statement or an answer body; and any `body` or `query` a module logs
 * goes through the same redaction.
 */

/** Fastify's request fields, with the URL's secret parameters replaced. Headers (cookies, session headers) are not logged. */
function requestLogOf(request: FastifyRequest): { method: string; url: string; host: string; remoteAddress: string; remotePort: number | undefined } {
  return { method: request.method, url: textRedact(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** An error's kind, code, message and stack (and its cause's), redacted; other fields are dropped: a driver's may hold a statement's values. */
function errorLogOf(error: unknown, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: textRedact(String(error)), stack: '' };
  const { code, query } = error as { code?: unknown; query?: unknown };
  return {
    type: error.name,
    message: textRedact(error.message),
    stack: textRedact(error.stack ?? ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof query === 'string' ? { query: textRedact(query) } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: errorLogOf(error.cause, depth + 1) } : {}),
  };
}

export const logSerializers = {
  req: requestLogOf,
  err: (error: unknown) => errorLogOf(error),
  body: (body: unknown) => valueRedact(body),
  query: (query: unknown) => valueRedact(query),
};
