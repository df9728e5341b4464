import { z } from 'zod';

/** Every response body (spec §7): `dm_error` 0 is success. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    dm_error: z.number().int().describe('0 on success; otherwise a code from the error catalogue'),
    error_msg: z.string().describe('Human-readable message in the request language; empty on success'),
    data: data.describe('The payload; on failure, error details such as the failing field or trace id'),
  });
}

export type Envelope<T> = { dm_error: number; error_msg: string; data: T };
