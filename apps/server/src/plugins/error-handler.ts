import { ERROR_MESSAGES, ERRORS, type Envelope, type ErrorName } from '@piranha/contract';
import { DEFAULT_LOCALE, type Locale } from '@piranha/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

export function errorMessage(name: ErrorName, locale: Locale | undefined): string {
  return ERROR_MESSAGES[locale ?? DEFAULT_LOCALE][ERRORS[name].key];
}

export function envelopeOk<T>(data: T): Envelope<T> {
  return { dm_error: 0, error_msg: '', data };
}

export function envelopeError(error: AppError, locale: Locale | undefined): Envelope<unknown> {
  return { dm_error: error.code, error_msg: errorMessage(error.errorName, locale), data: error.data };
}

/** Maps Fastify's own request errors (bad JSON, oversized body, wrong content type) to VALIDATION_FAILED. */
function requestErrorOf(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('VALIDATION_FAILED', { field: 'body', issue: 'too_large' });
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('VALIDATION_FAILED', { field: 'content-type', issue: 'unsupported' });
  if (error.code?.startsWith('FST_ERR_CTP')) return new AppError('VALIDATION_FAILED', { field: 'body', issue: 'malformed' });
  return new AppError('VALIDATION_FAILED', { field: 'request', issue: error.code ?? 'invalid' });
}

/**
 * One error handler for the whole API: expected failures become their envelope; anything else is logged
 * with its trace id and answered as dm_error 500 carrying that id — never a stack trace.
 */
export function errorHandlerRegister(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const expected = error instanceof AppError ? error : requestErrorOf(error);
    const locale = request.ctx?.locale;
    if (expected) {
      // A throttled page (not the API, which keeps HTTP 200) says when to come back.
      if (expected.httpStatus === 429 && expected.data.retry_after_s !== undefined) void reply.header('retry-after', String(expected.data.retry_after_s));
      return reply.status(expected.httpStatus).send(envelopeError(expected, locale));
    }
    request.log.error({ err: error, trace_id: request.id }, 'unexpected failure');
    return reply.status(200).send(envelopeError(new AppError('INTERNAL', { trace_id: request.id }), locale));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(200).send(envelopeError(new AppError('NOT_FOUND', { field: 'path' }), request.ctx?.locale));
  });
}
