import { BP, type BlackjackAction, type BlackjackHand, type BlackjackOutcome, type BlackjackStep } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * Blackjack from a fresh 6-deck shoe per round (decision 068). The shoe's card order is fixed by the round's float
 * stream: the i-th card drawn is index floor(f_i × cards left) into the shoe in card order, without replacement (as
 * Baccarat draws), so every card the player will receive — whatever they choose — is fixed by the committed seed.
 *
 * Rules: deal player, dealer up, player, dealer hole. An ace up offers insurance (half the stake, pays 2 to 1); an
 * ace or ten-value up card is peeked: a dealer blackjack ends the round at once (the player's blackjack pushes).
 * Blackjack pays 3 to 2. The player hits, stands, doubles on any first two cards (also after a split: DAS) for one
 * card, or splits a pair (two cards of the same value, so any two ten-value cards) once, into at most two hands;
 * split aces take one card each and stand; 21 after a split is not a blackjack. The dealer stands on every 17,
 * soft 17 included (S17), and does not draw when every hand busted. No surrender. A win pays 1 to 1.
 *
 * Cards are 0–51: rank = card % 13 + 1 (1 = ace … 13 = king), suit = floor(card / 13).
 */
export const BLACKJACK_DECKS = 6;
export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'no_insurance'] as const;
/**
 * Cards kept from the shoe for a round. With one split there are at most three hands (two of the player's and the
 * dealer's); each stops before its hard total passes 21, and the smallest 6-deck cards (24 aces, 24 twos) reach
 * 3 × 21 hard points within 43 cards, so 3 more last cards make 46: 52 always suffice.
 */
export const BLACKJACK_SHOE_CARDS = 52;

/**
 * The RTP of basic strategy (`blackjackBasicStrategy`), measured: no closed form covers splits and doubles from a
 * 6-deck shoe, so 10⁷ hands were simulated (sfc32 stream `casino-sim` / `blackjack:long`, one-off run) and each hand's
 * net result per initial stake averaged: 99.520 % ± 0.093 % at 99 % (σ 1.1466 per hand; hands that win money
 * 43.34 %). The published figure for 6 decks, S17, DAS, no surrender is a house edge of about 0.4–0.5 % (RTP ≈ 99.5 %);
 * blackjack.test.ts checks 10⁶ more hands against this one.
 */
export const BLACKJACK_RTP_MEASURED = { rtp: 0.9952, halfWidth99: 0.00093, hands: 10_000_000, hitFrequency: 0.4334, sigma: 1.1466 } as const;

/** The blackjack value of a card: ace 1 (counted 11 where it helps), 2–9, ten and faces 10. */
export function blackjackValue(card: number): number {
  return Math.min((card % 13) + 1, 10);
}

/** The shoe's cards in dealing order, drawn from the float stream as they are first asked for. */
export function blackjackShoeLazy(next: FloatSourceLike): (index: number) => number {
  const left = Array.from({ length: 52 }, () => BLACKJACK_DECKS);
  let cardsLeft = 52 * BLACKJACK_DECKS;
  const cards: number[] = [];
  return (index) => {
    while (cards.length <= index) {
      let pick = Math.floor(next() * cardsLeft);
      let card = 0;
      while (pick >= left[card]!) pick -= left[card++]!;
      left[card]! -= 1;
      cardsLeft -= 1;
      cards.push(card);
    }
    return cards[index]!;
  };
}

/** The first `count` cards of the round's shoe, in the order they will be dealt. */
export function blackjackShoe(next: FloatSourceLike, count = BLACKJACK_SHOE_CARDS): number[] {
  const at = blackjackShoeLazy(next);
  return Array.from({ length: count }, (_, index) => at(index));
}

/** A hand's best total and whether an ace counts 11 in it. */
export function blackjackTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let hard = 0;
  let aces = 0;
  for (const card of cards) {
    const value = blackjackValue(card);
    hard += value;
    if (value === 1) aces += 1;
  }
  const soft = aces > 0 && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

function isNatural(cards: readonly number[]): boolean {
  return cards.length === 2 && blackjackTotal(cards).total === 21;
}

/** The full state of a round, hidden cards included (the server's and the verifier's; players see `blackjackView`). */
export interface BlackjackState {
  /** The shoe's card at a dealing position. */
  shoe: (index: number) => number;
  drawn: number;
  dealer: number[];
  hands: BlackjackHand[];
  active: number;
  phase: BlackjackOutcome['phase'];
  insurance: BlackjackOutcome['insurance'];
  steps: BlackjackStep[];
}

function draw(state: BlackjackState): number {
  const card = state.shoe(state.drawn);
  state.drawn += 1;
  return card;
}

function handNew(cards: number[], fromSplit: boolean): BlackjackHand {
  return { cards, bet: 1, doubled: false, fromSplit, status: 'playing', total: 0, soft: false, result: 'pending', returnBp: 0 };
}

function handTotals(hand: BlackjackHand): void {
  const { total, soft } = blackjackTotal(hand.cards);
  hand.total = total;
  hand.soft = soft;
}

/** Deals a round from its shoe: player, dealer up, player, dealer hole; then insurance, the peek, or the player's turn. */
export function blackjackDeal(cards: readonly number[] | ((index: number) => number)): BlackjackState {
  const shoe =
    typeof cards === 'function'
      ? cards
      : (index: number) => {
          const card = cards[index];
          if (card === undefined) throw new Error('blackjack: shoe exhausted');
          return card;
        };
  const state: BlackjackState = { shoe, drawn: 0, dealer: [], hands: [], active: 0, phase: 'player', insurance: 'none', steps: [] };
  const first = draw(state);
  state.dealer.push(draw(state));
  const second = draw(state);
  state.dealer.push(draw(state));
  const hand = handNew([first, second], false);
  handTotals(hand);
  state.hands.push(hand);
  if (blackjackValue(state.dealer[0]!) === 1) {
    state.phase = 'insurance';
    state.insurance = 'offered';
    return state;
  }
  afterPeek(state);
  return state;
}

/** The peek (ace or ten up) and the naturals: either the round ends here or the player's turn starts. */
function afterPeek(state: BlackjackState): void {
  const hand = state.hands[0]!;
  const up = blackjackValue(state.dealer[0]!);
  const dealerNatural = (up === 1 || up === 10) && isNatural(state.dealer);
  if (dealerNatural || isNatural(hand.cards)) {
    if (isNatural(hand.cards)) hand.status = 'blackjack';
    else hand.status = 'stood';
    finish(state);
    return;
  }
  state.phase = 'player';
  state.active = 0;
  settleHandIfDone(state);
}

/** A hand at 21 stands by itself; then the turn moves on. */
function settleHandIfDone(state: BlackjackState): void {
  const hand = state.hands[state.active]!;
  handTotals(hand);
  if (hand.status === 'playing' && hand.total > 21) hand.status = 'bust';
  else if (hand.status === 'playing' && hand.total === 21) hand.status = 'stood';
  if (hand.status !== 'playing') nextHand(state);
}

function nextHand(state: BlackjackState): void {
  while (state.active < state.hands.length && state.hands[state.active]!.status !== 'playing') state.active += 1;
  if (state.active >= state.hands.length) {
    state.active = state.hands.length - 1;
    finish(state);
    return;
  }
  const hand = state.hands[state.active]!;
  // The second hand of a split takes its second card when its turn comes.
  if (hand.cards.length === 1) {
    hand.cards.push(draw(state));
    settleHandIfDone(state);
  }
}

/** Dealer play (S17: draws to 16, stands on every 17) unless every hand busted, then settlement. */
function finish(state: BlackjackState): void {
  const dealerNatural = isNatural(state.dealer);
  const live = state.hands.some((hand) => hand.status === 'stood');
  if (!dealerNatural && live) blackjackDealerPlay(state.dealer, () => draw(state));
  const dealerTotal = blackjackTotal(state.dealer).total;
  for (const hand of state.hands) {
    handTotals(hand);
    const stake = hand.bet * BP;
    if (hand.status === 'bust') hand.result = 'lose';
    else if (hand.status === 'blackjack') hand.result = dealerNatural ? 'push' : 'blackjack';
    else if (dealerNatural) hand.result = 'lose';
    else if (dealerTotal > 21 || hand.total > dealerTotal) hand.result = 'win';
    else if (hand.total === dealerTotal) hand.result = 'push';
    else hand.result = 'lose';
    hand.returnBp = hand.result === 'blackjack' ? 25_000 : hand.result === 'win' ? 2 * stake : hand.result === 'push' ? stake : 0;
  }
  if (state.insurance === 'offered') state.insurance = 'declined';
  state.phase = 'done';
}

/** The dealer's draw under S17: hits 16 or less, stands on 17 or more, soft 17 included. */
export function blackjackDealerPlay(dealer: number[], drawCard: () => number): void {
  while (blackjackTotal(dealer).total < 17) dealer.push(drawCard());
}

/** The steps the player may take now (for the active hand). */
export function blackjackLegal(state: Pick<BlackjackState, 'phase' | 'hands' | 'active'>): BlackjackAction[] {
  if (state.phase === 'insurance') return ['insurance', 'no_insurance'];
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.active]!;
  if (hand.status !== 'playing') return [];
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    actions.push('double');
    if (state.hands.length === 1 && blackjackValue(hand.cards[0]!) === blackjackValue(hand.cards[1]!)) actions.push('split');
  }
  return actions;
}

/** Stake units (of the base stake, in basis points) an action adds: double and split one, insurance a half. */
export function blackjackActionStakeBp(action: BlackjackAction): number {
  return action === 'double' || action === 'split' ? BP : action === 'insurance' ? BP / 2 : 0;
}

/** Applies one step; throws when it is not legal now (callers check `blackjackLegal` first). */
export function blackjackApply(state: BlackjackState, action: BlackjackAction): BlackjackState {
  if (!blackjackLegal(state).includes(action)) throw new Error(`blackjack: ${action} is not legal now`);
  const next: BlackjackState = {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
    steps: [...state.steps, { action, hand: state.active }],
  };
  if (action === 'insurance' || action === 'no_insurance') {
    next.insurance = action === 'insurance' ? 'taken' : 'declined';
    afterPeek(next);
    return next;
  }
  const hand = next.hands[next.active]!;
  switch (action) {
    case 'hit':
      hand.cards.push(draw(next));
      break;
    case 'stand':
      hand.status = 'stood';
      break;
    case 'double':
      hand.bet = 2;
      hand.doubled = true;
      hand.cards.push(draw(next));
      hand.status = 'stood';
      break;
    case 'split': {
      const [a, b] = hand.cards as [number, number];
      const aces = blackjackValue(a) === 1;
      hand.cards = [a];
      hand.fromSplit = true;
      const other = handNew([b], true);
      next.hands.push(other);
      hand.cards.push(draw(next));
      if (aces) {
        // Split aces: one card each, then both stand.
        other.cards.push(draw(next));
        hand.status = 'stood';
        other.status = 'stood';
        handTotals(other);
      }
      break;
    }
  }
  settleHandIfDone(next);
  if (next.phase === 'player' && next.hands[next.active]!.status !== 'playing') nextHand(next);
  return next;
}

/** Replays a round's steps on its shoe (the server on every action; the verify page in the browser). */
export function blackjackReplay(shoe: readonly number[] | ((index: number) => number), actions: readonly BlackjackAction[]): BlackjackState {
  let state = blackjackDeal(shoe);
  for (const action of actions) state = blackjackApply(state, action);
  return state;
}

/** What the player sees: the hole card and the dealer's draws stay hidden until the round is over. */
export function blackjackView(state: BlackjackState): BlackjackOutcome {
  const done = state.phase === 'done';
  const dealer = done ? [...state.dealer] : [state.dealer[0]!];
  const dealerTotals = blackjackTotal(dealer);
  return {
    kind: 'blackjack',
    status: done ? 'done' : 'open',
    phase: state.phase,
    dealer,
    dealerTotal: dealerTotals.total,
    dealerSoft: dealerTotals.soft,
    hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards], ...blackjackTotal(hand.cards) })),
    active: state.active,
    insurance: state.insurance,
    insuranceReturnBp: state.insurance === 'taken' && done && isNatural(state.dealer) ? 3 * (BP / 2) : 0,
    steps: state.steps.map((step) => ({ ...step })),
    legal: blackjackLegal(state),
  };
}

/** The insurance stake: half the base stake, rounded down to a minor unit. */
export function blackjackInsuranceMinor(stakeMinor: number): number {
  return Math.floor(stakeMinor / 2);
}

/** Everything staked on the round so far: the base stake, a second one per double or split, insurance. */
export function blackjackStakedMinor(outcome: BlackjackOutcome, stakeMinor: number): number {
  const units = outcome.hands.reduce((sum, hand) => sum + hand.bet, 0);
  return stakeMinor * units + (outcome.insurance === 'taken' ? blackjackInsuranceMinor(stakeMinor) : 0);
}

/** What a finished round pays (stakes back included), in minor units: each hand rounded down, insurance 3× its stake. */
export function blackjackWinMinor(outcome: BlackjackOutcome, stakeMinor: number): number {
  if (outcome.status !== 'done') return 0;
  const hands = outcome.hands.reduce((sum, hand) => sum + Math.floor((stakeMinor * hand.returnBp) / BP), 0);
  return hands + (outcome.insuranceReturnBp > 0 ? 3 * blackjackInsuranceMinor(stakeMinor) : 0);
}

/** The minor units the next action takes from the wallet (0 for a free step). */
export function blackjackActionStakeMinor(action: BlackjackAction, stakeMinor: number): number {
  if (action === 'insurance') return blackjackInsuranceMinor(stakeMinor);
  return blackjackActionStakeBp(action) > 0 ? stakeMinor : 0;
}

// --- Basic strategy (6 decks, S17, DAS, one split, no surrender) for the RTP simulation --------------------------

/**
 * The basic-strategy step for the active hand (never insurance). `dealerUp` is the up card's value (1 = ace).
 * Charts: Wizard of Odds, 4–8 decks, dealer stands on soft 17, double after split, no surrender.
 */
export function blackjackBasicStrategy(state: BlackjackState): BlackjackAction {
  const legal = blackjackLegal(state);
  if (state.phase === 'insurance') return 'no_insurance';
  const hand = state.hands[state.active]!;
  const up = blackjackValue(state.dealer[0]!);
  const upN = up === 1 ? 11 : up;
  const can = (action: BlackjackAction) => legal.includes(action);
  if (can('split')) {
    const pair = blackjackValue(hand.cards[0]!);
    const split =
      pair === 1 ||
      pair === 8 ||
      (pair === 9 && upN !== 7 && upN <= 9) ||
      (pair === 7 && upN <= 7) ||
      (pair === 6 && upN <= 6) ||
      (pair === 4 && (upN === 5 || upN === 6)) ||
      ((pair === 2 || pair === 3) && upN <= 7);
    if (split) return 'split';
  }
  const { total, soft } = blackjackTotal(hand.cards);
  const double = (fallback: BlackjackAction): BlackjackAction => (can('double') ? 'double' : fallback);
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) return upN >= 3 && upN <= 6 ? double('stand') : upN <= 8 ? 'stand' : 'hit';
    if (total === 17) return upN >= 3 && upN <= 6 ? double('hit') : 'hit';
    if (total >= 15) return upN >= 4 && upN <= 6 ? double('hit') : 'hit';
    return upN >= 5 && upN <= 6 ? double('hit') : 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return upN <= 6 ? 'stand' : 'hit';
  if (total === 12) return upN >= 4 && upN <= 6 ? 'stand' : 'hit';
  if (total === 11) return upN <= 10 ? double('hit') : 'hit';
  if (total === 10) return upN <= 9 ? double('hit') : 'hit';
  if (total === 9) return upN >= 3 && upN <= 6 ? double('hit') : 'hit';
  return 'hit';
}

/** One round played by basic strategy; its return per base stake (in stakes) and what was staked (in stakes). */
export function blackjackBasicRound(next: FloatSourceLike): { returned: number; staked: number; state: BlackjackState } {
  let state = blackjackDeal(blackjackShoeLazy(next));
  while (state.phase !== 'done') state = blackjackApply(state, blackjackBasicStrategy(state));
  const returned = state.hands.reduce((sum, hand) => sum + hand.returnBp, 0) / BP;
  const staked = state.hands.reduce((sum, hand) => sum + hand.bet, 0);
  return { returned, staked, state };
}
