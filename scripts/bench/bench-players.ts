import type { Db } from '../../apps/server/src/db/client.ts';
import { playerLimits } from '../../apps/server/src/db/schema/index.ts';
import { saferMandatoryLimits } from '../../apps/server/src/modules/safer-play/safer-play.service.ts';

/**
 * The limits Brazil's law asks of every player before they play (decision 057), far above what a run stakes, as a
 * player sets them at sign-up: without them every placement is refused (8352) and the rows measure refusals.
 */
export async function mandatoryLimitsSet(db: Db, userId: number) {
  const { kinds, currency } = saferMandatoryLimits('piranha');
  const now = new Date();
  for (const kind of kinds)
    await db
      .insert(playerLimits)
      .values({ userId, kind, period: 'month', currency, amountMinor: 1_000_000_000_00, pendingAmountMinor: null, pendingAt: null, updatedAt: now })
      .onConflictDoNothing();
}
