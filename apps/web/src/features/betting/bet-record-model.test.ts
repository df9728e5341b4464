import type { BetRecord } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { legStatusKey, pickNameOf, recordMoneyLines, recordStatusKey, slipPickNameOf, teamsOfMatchName } from './bet-record-model.ts';

const leg = (sr = 0): BetRecord['legs'][number] => ({ matchId: 1, marketId: 10, ty: 1, mty: 1005, pe: 1001, nm: 'Flamengo v Palmeiras', od: 1.9, sr });

/** A single of R$ 10.00 at 1.90, as placed; each case changes what the server answered after it. */
function record(overrides: Partial<BetRecord> = {}): BetRecord {
  return {
    id: '7',
    kind: 'single_bet',
    sn: 1,
    st: 4,
    sr: 0,
    stake: 10_00,
    unit: 10_00,
    lines: 1,
    payout_max: 19_00,
    cash_out: 0,
    stake_open: 10_00,
    payout_open: 19_00,
    paid: 0,
    withheld: 0,
    cashed_out: 0,
    free: 0,
    currency: 'BRL',
    create_time: 1,
    legs: [leg()],
    ...overrides,
  };
}

describe('the money lines of a bet record', () => {
  it('an open bet shows its stake and potential return', () => {
    expect(recordMoneyLines(record())).toEqual([
      { key: 'stake', minor: 10_00 },
      { key: 'potentialReturn', minor: 19_00 },
    ]);
  });

  it('after a partial cash-out: what it paid, the stake still riding and that stake’s return, not the old ones', () => {
    const partly = record({ cash_out: 3_80, stake_open: 6_00, payout_open: 11_40, paid: 3_80 });
    expect(recordMoneyLines(partly)).toEqual([
      { key: 'stake', minor: 10_00 },
      { key: 'cashedOutAmount', minor: 3_80 },
      { key: 'stakeRiding', minor: 6_00 },
      { key: 'potentialReturn', minor: 11_40 },
    ]);
  });

  it('a single cashed out whole returns what was paid (9.50), never the cash-out counted twice (19.00)', () => {
    const cashed = record({ st: 5, payout: 9_50, cash_out: 9_50, stake_open: 0, payout_open: 0, paid: 9_50, cashed_out: 1 });
    expect(recordMoneyLines(cashed)).toEqual([
      { key: 'stake', minor: 10_00 },
      { key: 'return', minor: 9_50 },
    ]);
    expect(recordStatusKey(cashed)).toBe('cashedOut');
  });

  it('a Mexican win shows the tax withheld after what was paid; none where nothing was withheld', () => {
    const won = record({ st: 5, sr: 4, currency: 'MXN', payout: 19_00, stake_open: 10_00, paid: 19_00, withheld: 9 });
    expect(recordMoneyLines(won)).toEqual([
      { key: 'stake', minor: 10_00 },
      { key: 'return', minor: 19_00 },
      { key: 'taxWithheld', minor: 9 },
    ]);
    expect(recordMoneyLines({ ...won, withheld: 0 }).map((line) => line.key)).toEqual(['stake', 'return']);
    // A partial cash-out above its part of the stake withheld while the rest still rides.
    const partly = record({ currency: 'MXN', cash_out: 9_00, stake_open: 4_00, payout_open: 7_60, paid: 9_00, withheld: 3 });
    expect(recordMoneyLines(partly).map((line) => line.key)).toEqual(['stake', 'cashedOutAmount', 'taxWithheld', 'stakeRiding', 'potentialReturn']);
  });

  it('a rejected bet shows its stake only', () => {
    expect(recordMoneyLines(record({ st: 2 }))).toEqual([{ key: 'stake', minor: 10_00 }]);
    expect(recordStatusKey(record({ st: 2 }))).toBe('rejected');
  });
});

describe('the state of a leg', () => {
  it('a leg of a bet cashed out whole says so while its match is undecided, and its result once decided', () => {
    const cashed = record({ st: 5, cashed_out: 1 });
    expect(legStatusKey(cashed, 0)).toBe('cashedOut');
    expect(legStatusKey(cashed, 4)).toBe('won');
    expect(legStatusKey(record(), 0)).toBe('open');
    expect(legStatusKey(record(), 3)).toBe('lost');
  });
});

describe('pick names', () => {
  it('names the team, not "Home"/"Away"', () => {
    expect(pickNameOf(1, 'Flamengo v Palmeiras')).toEqual({ text: 'Flamengo' });
    expect(pickNameOf(2, 'Flamengo v Palmeiras')).toEqual({ text: 'Palmeiras' });
    expect(pickNameOf(10, 'Flamengo v Palmeiras')).toEqual({ teamKey: 'teamOrDraw', home: 'Flamengo', away: 'Palmeiras' });
    expect(pickNameOf(3, 'Flamengo v Palmeiras')).toEqual({ key: 'draw' });
    expect(pickNameOf(121, 'Flamengo v Palmeiras')).toEqual({ text: '2-1' });
  });

  it('falls back to the generic label when the match name is not "Home v Away"', () => {
    expect(teamsOfMatchName('Flamengo')).toBeUndefined();
    expect(pickNameOf(1, '')).toEqual({ key: 'home' });
    expect(pickNameOf(11, 'x')).toEqual({ key: 'homeOrAway' });
  });

  it('names a slip pick from the bet info as the books do, not by the feed short code', () => {
    const info = (name: string) => ({ name, match: 'Flamengo v Palmeiras' });
    expect(slipPickNameOf(10, info('1X'))).toEqual({ teamKey: 'teamOrDraw', home: 'Flamengo', away: 'Palmeiras' });
    expect(slipPickNameOf(11, info('12'))).toEqual({ teamKey: 'teamOrTeam', home: 'Flamengo', away: 'Palmeiras' });
    expect(slipPickNameOf(12, info('X2'))).toEqual({ teamKey: 'drawOrTeam', home: 'Flamengo', away: 'Palmeiras' });
    expect(slipPickNameOf(3, info('X'))).toEqual({ key: 'draw' });
    expect(slipPickNameOf(1, info('Flamengo'))).toEqual({ text: 'Flamengo' });
    expect(slipPickNameOf(4, info('Over'))).toEqual({ key: 'over' });
    expect(slipPickNameOf(123, info('2-3'))).toEqual({ text: '2-3' });
    // Until the bet info names the match, the tapped button's name; an option without a label of its own keeps it too.
    expect(slipPickNameOf(10, { name: 'Flamengo or Draw' })).toEqual({ text: 'Flamengo or Draw' });
    expect(slipPickNameOf(6, info('Even'))).toEqual({ text: 'Even' });
    expect(slipPickNameOf(10, undefined)).toBeUndefined();
  });
});
