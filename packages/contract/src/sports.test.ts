import { correctScoreType, marketTypes, selectionTypes } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { correctScoreSelectionType, MARKET_TYPES, matchGetList, matchListGet, matchOddsLatest, SELECTION_TYPES } from './sports.ts';

describe('sports contract', () => {
  it('speaks the same market and selection codes as the domain that prices them', () => {
    expect(MARKET_TYPES).toEqual(marketTypes);
    expect(SELECTION_TYPES).toEqual(selectionTypes);
    expect(correctScoreSelectionType(2, 1)).toBe(correctScoreType(2, 1));
  });

  it('reads integers of a query string and refuses negative or non-numeric ones', () => {
    expect(matchListGet.query.parse({ cursor: '20', page_limit: '10', sport_id: '1' })).toEqual({ cursor: 20, page_limit: 10, sport_id: 1 });
    expect(matchListGet.query.safeParse({ cursor: '-1' }).success).toBe(false);
    expect(matchListGet.query.safeParse({ cursor: 'ten' }).success).toBe(false);
    expect(matchListGet.query.safeParse({ sport_id: '2' }).success).toBe(false);
  });

  it('reads comma-separated match ids and refuses more than 50', () => {
    expect(matchOddsLatest.query.parse({ match_ids: '100001,100002' })).toEqual({ match_ids: [100001, 100002] });
    const many = Array.from({ length: 51 }, (_, index) => 100_000 + index).join(',');
    const refused = matchOddsLatest.query.safeParse({ match_ids: many });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['match_ids']);
    expect(matchOddsLatest.query.safeParse({ match_ids: '1,,2' }).success).toBe(false);
  });

  it('refuses an unknown tab and a string page limit in getList', () => {
    expect(matchGetList.body.safeParse({ tab_key: 'Darts' }).success).toBe(false);
    expect(matchGetList.body.safeParse({ tab_key: 'Soccer', page_limit: '10' }).success).toBe(false);
    expect(matchGetList.body.parse({ tab_key: 'InPlay', size: 5 })).toEqual({ tab_key: 'InPlay', size: 5 });
  });
});
