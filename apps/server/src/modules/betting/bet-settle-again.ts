import { minorUnits, resettlementSplit } from '@piranha/domain';
import type { Tx } from '../../db/client.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import { resettlementCount, resettlementInsert, resettlementLatest, walletBalanceLock } from './bet-resettle.repository.ts';
import { playerCreditOf, resettleDebtTransferOf, settleTransferOf } from './bet-settle-transfers.ts';
import type { BetRow } from './betting.repository.ts';

/**
 * Settles a bet a corrected result had reopened (bet-resettle.service.ts): its first settlement transfer was
 * reversed, so this one takes the ref `<bet>:<n>` for its n-th settlement. A debt the reversal left (the player had
 * spent the winnings) is collected from the new credit and the wallet as far as they go. Runs inside the settling
 * transaction, after the conditional status move made it the only one settling the bet. `withheldMinor` is the prize
 * withholding this settlement keeps back (decision 060): the debt is collected from what the player is credited.
 */
export async function betSettleAgain(tx: Tx, bet: BetRow, payoutMinor: number, outcome: number, at: Date, withheldMinor = 0): Promise<void> {
  const reopened = await resettlementCount(tx, bet.id, 'reopen');
  // Only a reopened bet settles twice: anything else would pay a bet twice, and must not commit.
  if (reopened === 0) throw new Error(`bet ${bet.id} already has its settlement transfer but was never reopened`);
  const ref = `${bet.id}:${reopened + 1}`;
  const owedMinor = (await resettlementLatest(tx, bet.id))?.owedMinor ?? 0;
  const creditMinor = playerCreditOf(bet, payoutMinor);
  const balanceMinor = owedMinor > 0 ? await walletBalanceLock(tx, bet.userId, bet.currency) : 0;
  const split = resettlementSplit({
    paidMinor: minorUnits(0),
    owedMinor: minorUnits(owedMinor),
    creditMinor: minorUnits(creditMinor - withheldMinor),
    balanceMinor: minorUnits(balanceMinor),
  });
  const settled = await ledgerTransfer(tx, { ...settleTransferOf(bet, payoutMinor, withheldMinor), externalRef: ref });
  if (!settled.created) throw new Error(`bet ${bet.id} settlement ${ref} already exists`);
  if (split.takenMinor > 0) await ledgerTransfer(tx, resettleDebtTransferOf(bet, split.takenMinor, ref));
  await resettlementInsert(tx, {
    betId: bet.id,
    kind: 'settle',
    ref,
    outcomeBefore: 0,
    outcomeAfter: outcome,
    payoutBeforeMinor: null,
    payoutAfterMinor: payoutMinor,
    takenMinor: split.takenMinor,
    creditedMinor: creditMinor,
    owedMinor: split.owedMinor,
    createdAt: at,
  });
}
