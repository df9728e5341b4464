/**
 * How a leg settled. `push` is a tie on a whole line (spec code 2 "equal"); `void` is a leg cancelled by the
 * book or the match (spec code 7 "cancel"). Both return the stake; they differ only in what the player is told.
 */
export type LegOutcome = 'won' | 'lost' | 'push' | 'halfWon' | 'halfLost' | 'void';

/** A leg is either still open or settled with an outcome. */
export type LegState = LegOutcome | 'unsettled';

/** The settlement code of spec §4 and betting.md §1: 0 not settled, 2 equal, 3 lose, 4 win, 5 win-half, 6 lose-half, 7 cancel. */
export type LegOutcomeCode = 0 | 2 | 3 | 4 | 5 | 6 | 7;

export function legOutcomeCode(state: LegState): LegOutcomeCode {
  switch (state) {
    case 'unsettled':
      return 0;
    case 'push':
      return 2;
    case 'lost':
      return 3;
    case 'won':
      return 4;
    case 'halfWon':
      return 5;
    case 'halfLost':
      return 6;
    case 'void':
      return 7;
  }
}

const STATE_BY_CODE: ReadonlyMap<number, LegState> = new Map(
  (['unsettled', 'push', 'lost', 'won', 'halfWon', 'halfLost', 'void'] as const).map((state) => [legOutcomeCode(state), state]),
);

/** Reads a wire code back; undefined for a code the spec does not define (1 is unused). */
export function legOutcomeFromCode(code: number): LegState | undefined {
  return STATE_BY_CODE.get(code);
}
