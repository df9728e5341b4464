import { inputFlawOf, type InputFlaw } from '@piranha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

/**
 * The contract's input rules (packages/contract/src/input-rules.ts) applied to every route, before its own
 * validation: no NUL or lone surrogate in any path parameter, query value or body string, and no JSON nested deeper
 * than INPUT_DEPTH_MAX. One hook rather than a check per schema, so a route added later cannot forget it; the
 * common parameters (query or cookie) are checked earlier, with the rest of them (request-context.ts).
 *
 * A body that is still a string is left alone: it is a raw body a provider signed (payment webhooks, the seamless
 * wallet), which its route verifies byte for byte and then checks itself, answering in the provider's protocol.
 */

function refusalOf(flaw: InputFlaw, where: 'path' | 'query' | 'body'): AppError {
  // Path parameters are named like the router's own refusals of a malformed path.
  if (where === 'path') return new AppError('VALIDATION_FAILED', { field: 'path', issue: flaw.issue });
  // A top-level array has no field to name (and no endpoint takes one).
  const named = flaw.issue === 'too_deep' && typeof flaw.path[0] !== 'string' ? [] : flaw.path;
  return new AppError('VALIDATION_FAILED', { field: named.join('.') || where, issue: flaw.issue });
}

function inputFlawRefusalOf(request: FastifyRequest): AppError | undefined {
  const inPath = inputFlawOf(request.params);
  if (inPath) return refusalOf(inPath, 'path');
  const inQuery = inputFlawOf(request.query);
  if (inQuery) return refusalOf(inQuery, 'query');
  if (typeof request.body === 'string') return undefined;
  const inBody = inputFlawOf(request.body);
  return inBody ? refusalOf(inBody, 'body') : undefined;
}

export function inputGuardRegister(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    done(inputFlawRefusalOf(request));
  });
}
