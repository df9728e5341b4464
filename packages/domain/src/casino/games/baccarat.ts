import { BP, type BaccaratOutcome, type BaccaratParams, type BaccaratSide } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * Punto banco from a fresh 8-deck shoe per round: each card is drawn without replacement, index
 * floor(f × cards left) into the shoe in card order (as Mines draws its mines). Deal P, B, P, B; a natural
 * (8 or 9 on two cards) stands; the player draws on 0–5; the banker draws by the tableau on the player's third
 * card (on 0–5 when the player stood). Player pays 1 to 1, banker 0.95 to 1 (5 % commission), tie 8 to 1; a
 * tie returns player and banker bets. Exact RTP by enumerating every deal from the shoe: player 98.7649 %,
 * banker 98.9421 %, tie 85.6404 % (house edges 1.2351 %, 1.0579 %, 14.3596 %, the published 8-deck figures).
 */
export const BACCARAT_DECKS = 8;
export const BACCARAT_SIDES = ['player', 'banker', 'tie'] as const;

/** Card 0–51: rank = card % 13 + 1 (1 = ace … 13 = king), suit = floor(card / 13). */
export function baccaratValue(card: number): number {
  const rank = (card % 13) + 1;
  return rank >= 10 ? 0 : rank;
}

export function baccaratParamsValid(params: BaccaratParams): boolean {
  return (BACCARAT_SIDES as readonly string[]).includes(params.side);
}

/** Whether the banker draws with `total`, given the player's third card value (undefined when the player stood). */
export function baccaratBankerDraws(total: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return total <= 5;
  if (total <= 2) return true;
  if (total === 3) return playerThird !== 8;
  if (total === 4) return playerThird >= 2 && playerThird <= 7;
  if (total === 5) return playerThird >= 4 && playerThird <= 7;
  if (total === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

const total = (cards: readonly number[]) => cards.reduce((sum, card) => sum + baccaratValue(card), 0) % 10;

/** Deals one coup from a fresh shoe: the cards of each hand in the order they were dealt. */
export function baccaratDeal(next: FloatSourceLike): { player: number[]; banker: number[] } {
  const left = Array.from({ length: 52 }, () => BACCARAT_DECKS);
  let cardsLeft = 52 * BACCARAT_DECKS;
  const draw = () => {
    let index = Math.floor(next() * cardsLeft);
    let card = 0;
    while (index >= left[card]!) index -= left[card++]!;
    left[card]! -= 1;
    cardsLeft -= 1;
    return card;
  };
  const player = [draw()];
  const banker = [draw()];
  player.push(draw());
  banker.push(draw());
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let third: number | undefined;
    if (total(player) <= 5) {
      player.push(draw());
      third = baccaratValue(player[2]!);
    }
    if (baccaratBankerDraws(total(banker), third)) banker.push(draw());
  }
  return { player, banker };
}

/** What one side returns (stake included) in basis points for a coup's result. */
export function baccaratReturnBp(side: BaccaratSide, result: BaccaratSide): number {
  if (result === 'tie') return side === 'tie' ? 9 * BP : BP;
  if (side !== result) return 0;
  return side === 'player' ? 2 * BP : 19_500;
}

export function baccaratPlay(params: BaccaratParams, next: FloatSourceLike): BaccaratOutcome {
  const { player, banker } = baccaratDeal(next);
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  const result: BaccaratSide = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { kind: 'baccarat', side: params.side, player, banker, playerTotal, bankerTotal, result, multiplierBp: baccaratReturnBp(params.side, result) };
}

let chances: Record<BaccaratSide, number> | undefined;

/**
 * Exact chances of player, banker and tie over every deal from a full 8-deck shoe (by card value: 128 tens
 * and faces, 32 of each other value), drawing without replacement in the dealing order.
 */
export function baccaratChances(): Record<BaccaratSide, number> {
  if (chances) return chances;
  const counts = Array.from({ length: 10 }, (_, value) => (value === 0 ? 16 : 4) * BACCARAT_DECKS);
  const out: Record<BaccaratSide, number> = { player: 0, banker: 0, tie: 0 };
  let left = 52 * BACCARAT_DECKS;
  const each = (probability: number, then: (value: number, probability: number) => void) => {
    for (let value = 0; value < 10; value += 1) {
      const count = counts[value]!;
      if (count === 0) continue;
      const p = (probability * count) / left;
      counts[value] = count - 1;
      left -= 1;
      then(value, p);
      counts[value] = count;
      left += 1;
    }
  };
  const settle = (p: number, playerTotal: number, bankerTotal: number) => {
    out[playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie'] += p;
  };
  each(1, (p1, a) =>
    each(a, (b1, b) =>
      each(b, (p2, c) =>
        each(c, (b2, d) => {
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (pt >= 8 || bt >= 8) return settle(d, pt, bt);
          if (pt <= 5)
            return each(d, (p3, e) => {
              const pt3 = (pt + p3) % 10;
              if (baccaratBankerDraws(bt, p3)) each(e, (b3, f) => settle(f, pt3, (bt + b3) % 10));
              else settle(e, pt3, bt);
            });
          if (baccaratBankerDraws(bt, undefined)) return each(d, (b3, e) => settle(e, pt, (bt + b3) % 10));
          return settle(d, pt, bt);
        }),
      ),
    ),
  );
  chances = out;
  return out;
}

/** Exact RTP of a bet on `side`. */
export function baccaratRtpExact(side: BaccaratSide): number {
  const p = baccaratChances();
  return (BACCARAT_SIDES as readonly BaccaratSide[]).reduce((sum, result) => sum + (p[result] * baccaratReturnBp(side, result)) / BP, 0);
}
