import type { TransferRequest } from '../ledger/ledger.service.ts';
import type { BetRow } from './betting.repository.ts';

type Line = TransferRequest['lines'][number];

const nonZero = (lines: Line[]) => lines.filter((line) => line.amountMinor !== 0);

/** What a settlement with this return credits the player: a free bet only the winnings above its stake, never its own. */
export function playerCreditOf(bet: Pick<BetRow, 'freeBet' | 'stakeMinor'>, payoutMinor: number): number {
  return bet.freeBet ? Math.max(payoutMinor - bet.stakeMinor, 0) : payoutMinor;
}

/**
 * The settlement transfer: the stake leaves bets_in_play, the player gets the return (a free bet only the winnings
 * above its stake, which was never theirs), and revenue takes or pays the difference. Prize withholding (decision
 * 060) keeps `withheldMinor` of the player's credit in `tax_withheld` for the authority; a negative amount is
 * withholding a corrected result gives back. Zero lines are left out.
 */
export function settleTransferOf(bet: BetRow, payoutMinor: number, withheldMinor = 0): TransferRequest {
  const currency = bet.currency;
  const toPlayer = playerCreditOf(bet, payoutMinor);
  return {
    kind: 'bet_settle',
    externalRef: String(bet.id),
    lines: nonZero([
      { account: { house: 'bets_in_play', currency }, amountMinor: -bet.stakeMinor },
      { account: { userId: bet.userId, currency }, amountMinor: toPlayer - withheldMinor },
      { account: { house: 'revenue', currency }, amountMinor: bet.stakeMinor - toPlayer },
      { account: { house: 'tax_withheld', currency }, amountMinor: withheldMinor },
    ]),
  };
}

/**
 * Reverses a settlement that credited the player `paidMinor`: the stake goes back to bets_in_play and the player
 * gives back `takenMinor` — the credit and any earlier debt on the bet, as far as the wallet covers them
 * (`resettlementSplit`). Revenue takes the rest, so it carries what the player could not give back. A bet that
 * reopens has no corrected settlement to give back its withholding, so this transfer does (`taxReturnedMinor`, from
 * `tax_withheld` to the player, netted with what is taken).
 */
export function resettleReverseTransferOf(bet: BetRow, takenMinor: number, ref: string, taxReturnedMinor = 0): TransferRequest {
  const currency = bet.currency;
  return {
    kind: 'bet_resettle_reverse',
    externalRef: ref,
    lines: nonZero([
      { account: { house: 'bets_in_play', currency }, amountMinor: bet.stakeMinor },
      { account: { userId: bet.userId, currency }, amountMinor: taxReturnedMinor - takenMinor },
      { account: { house: 'revenue', currency }, amountMinor: takenMinor - bet.stakeMinor },
      { account: { house: 'tax_withheld', currency }, amountMinor: -taxReturnedMinor },
    ]),
  };
}

/** Collects an earlier resettlement's debt on a reopened bet that has now settled again: the player pays revenue. */
export function resettleDebtTransferOf(bet: BetRow, takenMinor: number, ref: string): TransferRequest {
  return {
    kind: 'bet_resettle_debt',
    externalRef: ref,
    lines: [
      { account: { userId: bet.userId, currency: bet.currency }, amountMinor: -takenMinor },
      { account: { house: 'revenue', currency: bet.currency }, amountMinor: takenMinor },
    ],
  };
}
