import type { Match } from '@piranha/contract';
import type { TFunction } from '../../shared/i18n/translate.ts';
import { describe, expect, it } from 'vitest';
import { marketGroupTitle, optionText, periodText } from './labels.ts';

/** A translator that shows which key and values were asked for. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key}(${Object.values(values).join(',')})` : key)) as unknown as TFunction;
const match: Pick<Match, 'ts'> = {
  ts: [
    { id: 1, na: 'Kingsmere Rovers', lurl: '' },
    { id: 2, na: 'Atlético Dunmore', lurl: '' },
  ],
};
const option = (ty: number, li = '', nm = '') => ({ ty, od: 1.8, nm, na: '', li });

describe('labels', () => {
  it('names options by team with their handicap, and by kind otherwise', () => {
    expect(optionText(t, match, option(1, '-0.25'))).toBe('Kingsmere Rovers -0.25');
    expect(optionText(t, match, option(2))).toBe('Atlético Dunmore');
    expect(optionText(t, match, option(1, '-0.25'), false)).toBe('Kingsmere Rovers');
    expect(optionText(t, match, option(3))).toBe('sports.option.draw');
    expect(optionText(t, match, option(4, '2.5'))).toBe('sports.option.over(2.5)');
    expect(optionText(t, match, option(123, '', '2-3'))).toBe('2-3');
    expect(optionText(t, match, option(10, '', '1X'))).toBe('1X');
  });

  it('titles a group by its type when translated, the feed name otherwise, with its period', () => {
    const known = (key: string) => key === 'sports.market.1005';
    expect(marketGroupTitle(t, known, 1, { mty: 1005, pe: 1001, nm: '1X2', mks: [] })).toBe('sports.market.1005');
    expect(marketGroupTitle(t, known, 1, { mty: 1005, pe: 1002, nm: '1X2', mks: [] })).toBe('sports.market.1005 · sports.period.firstHalf');
    expect(marketGroupTitle(t, known, 5, { mty: 5077, pe: 5003, nm: 'Set winner', mks: [] })).toBe('Set winner · sports.period.set(2)');
  });

  it('writes live periods', () => {
    expect(periodText(t, 3, 3009)).toBe('sports.period.quarter(3)');
    expect(periodText(t, 1, 1003)).toBe('sports.period.halfTime');
    expect(periodText(t, 3, 3006)).toBe('sports.period.quarterBreak(1)');
    expect(periodText(t, 3, 3008)).toBe('sports.period.halfTime');
  });
});
