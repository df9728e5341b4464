import { createHash } from 'node:crypto';
import type { VariantProfile } from '@piranha/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dynconfigs, experimentAssignments } from '../../db/schema/index.ts';

/**
 * Experiment arms that stay with a player (decision 040). A visitor is bucketed by device (`d:<smid>`, else the
 * address); when the visitor becomes an account (any sign-up: e-mail, Google, Telegram, guest) the arm the device was
 * shown is stored for the account, and a signed-in player reads their stored arm first, so a new device keeps it.
 * An account made before this, or an experiment started after the sign-up, is bucketed once by uid and stored.
 */

export type Arm = 'A' | 'B';

/**
 * A stable bucket in [0, 10000) for a config and a subject (user, else device, else IP): the same subject always
 * lands in the same arm, and arms of different configs are independent.
 */
export function abBucket(key: string, subject: string): number {
  return createHash('sha256').update(`${key}:${subject}`).digest().readUInt32BE(0) % 10_000;
}
type DynconfigRow = typeof dynconfigs.$inferSelect;

/** The arm a subject is bucketed into by a config's share of arm B; an experiment switched off is A for everyone. */
export function armOf(row: Pick<DynconfigRow, 'key' | 'enabled' | 'bPercent'>, subject: string): Arm {
  return row.enabled === 1 && abBucket(row.key, subject) < row.bPercent * 100 ? 'B' : 'A';
}

/** The subject a visitor without an account is bucketed by: the device id the client sent, else its address. */
export function visitorSubject(smid: string | undefined, ip: string): string {
  return smid ? `d:${smid}` : `ip:${ip}`;
}

/** Experiments whose arm is a choice of the config's share (the brand's forced UI v3 is not an experiment arm). */
function bucketed(row: DynconfigRow, variant: VariantProfile | undefined): boolean {
  return row.kind === 'ab' && !(row.key === 'ui_v3_ab' && variant?.flags.uiV3);
}

/**
 * In the transaction that creates an account: stores, for every running experiment, the arm the visitor's device was
 * in. Experiments switched off store nothing (the player is bucketed by uid when one starts).
 */
export async function experimentsCarry(tx: DbOrTx, input: { userId: number; variant: VariantProfile; deviceSubject: string; now: Date }): Promise<void> {
  const rows = (await tx.select().from(dynconfigs).where(eq(dynconfigs.kind, 'ab'))).filter((row) => row.enabled === 1 && bucketed(row, input.variant));
  if (rows.length === 0) return;
  await tx
    .insert(experimentAssignments)
    .values(
      rows.map((row) => ({
        userId: input.userId,
        key: row.key,
        appKey: input.variant.appKey,
        arm: armOf(row, input.deviceSubject),
        source: 'device' as const,
        assignedAt: input.now,
      })),
    )
    .onConflictDoNothing();
}

/**
 * A signed-in player's arms of the given running experiments: the stored ones, and for the others a uid bucket that
 * is stored at once (a concurrent reader's insert wins and both answer the stored arm).
 */
export async function experimentArmsOfUser(
  db: DbOrTx,
  input: { userId: number; appKey: string; rows: readonly DynconfigRow[]; now: Date },
): Promise<Map<string, Arm>> {
  const running = input.rows.filter((row) => row.kind === 'ab' && row.enabled === 1);
  if (running.length === 0) return new Map();
  const keys = running.map((row) => row.key);
  const read = () =>
    db
      .select({ key: experimentAssignments.key, arm: experimentAssignments.arm })
      .from(experimentAssignments)
      .where(and(eq(experimentAssignments.userId, input.userId), inArray(experimentAssignments.key, keys)));
  let stored = await read();
  const missing = running.filter((row) => !stored.some((entry) => entry.key === row.key));
  if (missing.length > 0) {
    await db
      .insert(experimentAssignments)
      .values(
        missing.map((row) => ({
          userId: input.userId,
          key: row.key,
          appKey: input.appKey,
          arm: armOf(row, `u:${input.userId}`),
          source: 'account' as const,
          assignedAt: input.now,
        })),
      )
      .onConflictDoNothing();
    stored = await read();
  }
  return new Map(stored.map((entry) => [entry.key, entry.arm]));
}

/** One player's arm of one experiment (the bonus engine's pick of a campaign); A when it is not running. */
export async function experimentArmOfUser(db: DbOrTx, input: { userId: number; appKey: string; key: string; now: Date }): Promise<Arm> {
  const rows = await db.select().from(dynconfigs).where(eq(dynconfigs.key, input.key));
  const arms = await experimentArmsOfUser(db, { userId: input.userId, appKey: input.appKey, rows, now: input.now });
  return arms.get(input.key) ?? 'A';
}
