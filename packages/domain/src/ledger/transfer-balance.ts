/** One line of a transfer: a credit (positive) or debit (negative) of an account, in minor units. */
export interface TransferLineAmount {
  currency: string;
  amountMinor: number;
}

/**
 * Double entry: a transfer moves money, never creates or destroys it, so its lines sum to zero in each
 * currency. Answers the currencies that do not balance (empty when the transfer is sound).
 */
export function transferUnbalancedCurrencies(lines: readonly TransferLineAmount[]): string[] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.amountMinor);
  return [...totals].filter(([, total]) => total !== 0).map(([currency]) => currency);
}
