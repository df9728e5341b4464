import type { SaferStatement } from './safer-play-api.ts';

/** Major units with a dot, as a spreadsheet in any language reads them (minor units have 2 digits here). */
function major(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The statement as CSV: a header row in the player's language, one row per day, then the totals. */
export function statementCsv(statement: SaferStatement, header: readonly string[], totalLabel: string): string {
  const rows = statement.days.map((day) => [
    day.date,
    statement.currency,
    major(day.deposits),
    major(day.withdrawals),
    major(day.stakes),
    major(day.returns),
    major(day.net),
    major(day.withheld),
  ]);
  const sum = (pick: (day: SaferStatement['days'][number]) => number) => statement.days.reduce((total, day) => total + pick(day), 0);
  const total = [
    totalLabel,
    statement.currency,
    major(sum((day) => day.deposits)),
    major(sum((day) => day.withdrawals)),
    major(sum((day) => day.stakes)),
    major(sum((day) => day.returns)),
    major(sum((day) => day.net)),
    major(sum((day) => day.withheld)),
  ];
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return [header, ...rows, total].map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}
