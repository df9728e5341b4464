import * as z from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

/**
 * The body of an operator request (`/api/ops/*`), parsed by its contract schema: refused unless OPS_TOKEN is set and
 * the request carries it as a bearer token; a bad body answers VALIDATION_FAILED naming the first field at fault.
 */
export function opsBodyParse<S extends z.ZodMiniType>(opsToken: string | undefined, request: FastifyRequest, schema: S): z.output<S> {
  if (!opsToken || request.headers.authorization !== `Bearer ${opsToken}`) throw new AppError('UNAUTHORISED');
  const parsed = z.safeParse(schema, request.body);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { field: parsed.error.issues[0]?.path.join('.') || 'body' });
  return parsed.data;
}
