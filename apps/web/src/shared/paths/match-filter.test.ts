import { describe, expect, it } from 'vitest';
import { matchFilterParse, matchFilterQuery, type MatchFilter } from './match-filter.ts';

describe('the A–Z filter’s match filter', () => {
  it.each<MatchFilter>([
    { by: 'team', id: 4012, name: 'Atlético Sol' },
    { by: 'league', id: 1001, name: 'Série Nacional' },
    { by: 'sport', id: 5 },
  ])('reads back what it writes: %j', (filter) => {
    expect(matchFilterParse(new URLSearchParams(matchFilterQuery(filter)))).toEqual(filter);
  });

  it('names a team by teamId, a league by leagueId and a sport by sportId', () => {
    expect(matchFilterQuery({ by: 'team', id: 7, name: 'A & B' })).toBe('teamId=7&name=A+%26+B');
    expect(matchFilterQuery({ by: 'sport', id: 1 })).toBe('sportId=1');
  });

  it.each(['', 'teamId=', 'teamId=0', 'teamId=-3', 'teamId=1.5', 'teamId=abc', 'leagueId=99999999999', 'sportId=2', 'matchId=4'])(
    'finds no filter in "%s"',
    (query) => {
      expect(matchFilterParse(new URLSearchParams(query))).toBeUndefined();
    },
  );

  it('drops a blank name and cuts a long one', () => {
    expect(matchFilterParse(new URLSearchParams('leagueId=3&name=%20%20'))).toEqual({ by: 'league', id: 3 });
    expect(matchFilterParse(new URLSearchParams(`teamId=3&name=${'x'.repeat(200)}`))?.name).toHaveLength(80);
  });
});
