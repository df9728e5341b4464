import { described, integer } from './schema.ts';
import * as z from 'zod/mini';

/** Every response body (spec §7): `dm_error` 0 is success. */
export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({
    dm_error: integer('0 on success; otherwise a code from the error catalogue'),
    error_msg: described(z.string(), 'Human-readable message in the request language; empty on success'),
    data: described(data, 'The payload; on failure, error details such as the failing field or trace id'),
  });
}

export type Envelope<T> = { dm_error: number; error_msg: string; data: T };
