import { createHash, randomBytes } from 'node:crypto';
import { SESSION_HANDOFF_TTL_MS, type LoginInfo } from '@piranha/contract';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { sessionHandoffs } from '../../db/schema/index.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { dynconfigsByKeys } from '../config/config.repository.ts';
import { loginInfoOf, signIn } from './account-session.service.ts';
import { profileByUser } from './account.repository.ts';

/**
 * The session handoff of a domain change (dynconfig `domain_change`, decision 033). The old origin mints a one-time
 * code for the one origin the config names; the page carries it to the new origin in the URL fragment (which no
 * server and no proxy log ever receives) and the new origin exchanges it by POST for a new session of the same
 * player. Only the code's SHA-256 is stored; a code works once, for its brand and origin, for a minute.
 */

const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** The origin the brand's players are moving to, or undefined while the switch is off or names none. */
export async function domainChangeTarget(db: DbOrTx): Promise<string | undefined> {
  const [row] = await dynconfigsByKeys(db, ['domain_change']);
  if (!row || row.enabled !== 1) return undefined;
  const domain = (row.configs as { domain?: unknown }).domain;
  return typeof domain === 'string' && domain !== '' ? domain : undefined;
}

export async function handoffCreate(db: DbOrTx, user: SessionUser, appKey: string, target: string, now: Date): Promise<{ code: string; expires_in: number }> {
  // Only the configured new domain may receive a player's session: never an origin a client names.
  if (target !== (await domainChangeTarget(db))) throw new AppError('HANDOFF_TARGET_NOT_ALLOWED', { field: 'target' });
  const code = randomBytes(32).toString('base64url');
  await db.delete(sessionHandoffs).where(lt(sessionHandoffs.expiresAt, now));
  await db.insert(sessionHandoffs).values({
    codeHash: codeHash(code),
    userId: user.uid,
    appKey,
    targetOrigin: target,
    expiresAt: new Date(now.getTime() + SESSION_HANDOFF_TTL_MS),
  });
  return { code, expires_in: SESSION_HANDOFF_TTL_MS / 1000 };
}

/** Redeems a code on `origin` (the origin the request came to): once, in time, for the same brand and origin. */
export async function handoffRedeem(db: Db, code: string, appKey: string, origin: string, now: Date): Promise<LoginInfo> {
  return transaction(db, async (tx) => {
    // Claimed in one statement, so two racing redeems of one code cannot both succeed.
    const [claimed] = await tx
      .update(sessionHandoffs)
      .set({ usedAt: now })
      .where(and(eq(sessionHandoffs.codeHash, codeHash(code)), isNull(sessionHandoffs.usedAt), gt(sessionHandoffs.expiresAt, now)))
      .returning();
    if (!claimed || claimed.appKey !== appKey || claimed.targetOrigin !== origin) throw new AppError('HANDOFF_INVALID', { field: 'code' });
    const profile = await profileByUser(tx, claimed.userId);
    if (profile?.closedAt) throw new AppError('ACCOUNT_CLOSED', { field: 'uid' });
    return loginInfoOf(tx, await signIn(tx, claimed.userId, now), profile);
  });
}
