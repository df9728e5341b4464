/**
 * What a tap on an odd hands to whoever listens (the bet slip, next issue). Odds are decimal as the feed sends them;
 * a locked option is never handed over.
 */
export interface OddsSelection {
  matchId: number;
  marketId: number;
  /** `ty` of the option. */
  optionType: number;
  odds: number;
  name: string;
  line: string;
  /** The market's title in the player's language ("Total goals · 1st half"), for the slip to say what was picked. */
  market?: string;
}

export type OddsSelect = (selection: OddsSelection) => void;
