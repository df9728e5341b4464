import { opsOutboxQuery, type opsOutboxData } from '@piranha/contract';
import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { outboxCounts, outboxList, type OutboxRow } from './outbox.repository.ts';

const PAGE = 50;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

function rowView(row: OutboxRow): z.output<typeof opsOutboxData>['rows'][number] {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    status: row.status,
    attempts: row.attempts,
    next_at: unix(row.nextAt),
    lease_until: row.leaseUntil ? unix(row.leaseUntil) : null,
    last_error: row.lastError,
    created_at: unix(row.createdAt),
    done_at: row.doneAt ? unix(row.doneAt) : null,
  };
}

/**
 * Operators (decision 042): `GET /api/ops/outbox?status=&kind=&before_id=` lists outbox rows newest first, 50 a page,
 * without their payloads (a code mail's payload is a secret), and counts every kind and status. Off unless OPS_TOKEN.
 */
export function outboxRoutes(app: FastifyInstance, deps: { db: Db; opsToken: string | undefined }): void {
  app.get('/api/ops/outbox', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const parsed = z.safeParse(opsOutboxQuery, request.query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const unknown = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
      throw new AppError('VALIDATION_FAILED', { field: unknown ?? (issue?.path.join('.') || 'query') });
    }
    const { status, kind, before_id: beforeId } = parsed.data;
    const rows = await outboxList(deps.db, {
      limit: PAGE,
      ...(status === undefined ? {} : { status }),
      ...(kind === undefined ? {} : { kind }),
      ...(beforeId === undefined ? {} : { beforeId: Number(beforeId) }),
    });
    return envelopeOk({ rows: rows.map(rowView), counts: await outboxCounts(deps.db) });
  });
}
