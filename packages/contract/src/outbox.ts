import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/** The outbox's row states (decision 042); web push's rows (kind `push`) add `gone` and `suppressed` (decision 035). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'dead'] as const;

/** Operator: what the outbox holds (GET /api/ops/outbox, behind OPS_TOKEN), newest first, 50 a page. */
export const opsOutboxQuery = deferred(() =>
  z.strictObject({
    status: z.optional(described(z.enum(OUTBOX_STATUSES), 'pending, sent, failed or dead')),
    kind: z.optional(described(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/)), 'payin_start, mail or sms')),
    before_id: z.optional(described(z.string().check(z.regex(/^[1-9]\d{0,17}$/)), 'Rows older than this id (the next page)')),
  }),
);

export const opsOutboxRowSchema = deferred(() =>
  z.object({
    id: integer('Row id'),
    kind: text(32, 'What is called'),
    key: text(200, 'Its key (the provider idempotency key where it takes one)'),
    status: described(z.enum(OUTBOX_STATUSES), 'Row state'),
    attempts: integer('Attempts made'),
    next_at: integer('When it may be tried next (unix seconds)'),
    lease_until: described(z.nullable(z.int()), 'Held by a sender until (unix seconds)'),
    last_error: described(z.nullable(z.string()), 'The last failure'),
    created_at: integer('Written (unix seconds)'),
    done_at: described(z.nullable(z.int()), 'Sent, failed or dead (unix seconds)'),
  }),
);

export const opsOutboxData = deferred(() =>
  z.object({
    rows: z.array(opsOutboxRowSchema),
    /** Rows per kind and status, web push's `push_outbox` included as kind `push`. */
    counts: z.array(z.object({ kind: text(32, 'Kind'), status: text(16, 'Status'), count: integer('Rows') })),
  }),
);
