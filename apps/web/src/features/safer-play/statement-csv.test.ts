import { describe, expect, it } from 'vitest';
import { statementCsv } from './statement-csv.ts';

describe('statementCsv', () => {
  it('writes one row per day and the totals, in major units with a dot', () => {
    const csv = statementCsv(
      {
        currency: 'BRL',
        days: [
          { date: '2026-03-03', deposits: 0, withdrawals: 50_00, stakes: 12_34, returns: 0, net: -12_34, withheld: 2_50 },
          { date: '2026-03-02', deposits: 200_00, withdrawals: 0, stakes: 15_00, returns: 20_05, net: 5_05, withheld: 5 },
        ],
      },
      ['Date', 'Currency', 'Deposits', 'Withdrawals', 'Stakes', 'Returns', 'Net', 'Tax withheld'],
      'Total, all days',
    );
    expect(csv.split('\r\n')).toEqual([
      'Date,Currency,Deposits,Withdrawals,Stakes,Returns,Net,Tax withheld',
      '2026-03-03,BRL,0.00,50.00,12.34,0.00,-12.34,2.50',
      '2026-03-02,BRL,200.00,0.00,15.00,20.05,5.05,0.05',
      '"Total, all days",BRL,200.00,50.00,27.34,20.05,-7.29,2.55',
      '',
    ]);
  });
});
