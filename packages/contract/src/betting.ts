import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Betting: latest bet info for the slip, placement (singles, multiples, system bets, free bets), order status,
 * cash-out and bet records (spec §3 Bet slip item, Bet records; §4 Bet slip, Bet settlement; §7 Sports order
 * endpoints; reference/betting.md §1 Bet flow). Field names are the FB API's. Odds travel as decimal numbers
 * (1.85) and are compared in thousandths; money is integer minor units.
 */

const FB = '/api/piranha/fb/proxy/v1';
const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const noBody = described(z.undefined(), 'No body');

/** Spec §9: the slip holds at most 10 selections; a multiple has at most as many legs (`msl`). */
export const BET_SLIP_MAX = 10;

/** Order status `st` (reference §1): 0 created, 1 confirming, 2 rejected, 3 cancelled, 4 confirmed, 5 settled. */
export const BET_ORDER_STATUS = { created: 0, confirming: 1, rejected: 2, cancelled: 3, confirmed: 4, settled: 5 } as const;

/** Reject reason `rj`: 1 system, 2 bad parameter, 3 risk limit, 4 market suspended, 6 payment failed, 8 odds changed. */
export const REJECT_REASON = { system: 1, badParameter: 2, riskLimit: 3, marketSuspended: 4, paymentFailed: 6, oddsChanged: 8 } as const;

/** Leg and bet outcome (spec §4 Bet settlement): 0 not settled, 2 push, 3 lost, 4 won, 5 half won, 6 half lost, 7 cancelled. */
export const BET_OUTCOME = { unsettled: 0, push: 2, lost: 3, won: 4, halfWon: 5, halfLost: 6, cancelled: 7 } as const;

/** Bet kinds of the records (spec §3). */
export const BET_KINDS = ['single_bet', 'bet_multi', 'system_bet'] as const;
export type BetKindWire = (typeof BET_KINDS)[number];

/** Cash-out price status: 1 offered, 0 not offered now (a leg suspended), −1 never (lost, settled, system bet). */
export const CASH_OUT_STATUS = { offered: 1, suspended: 0, unavailable: -1 } as const;

const oddsDecimal = (description: string) => described(z.number().check(z.positive()), description);
const oddsChangeSchema = deferred(() => integer('Odds change preference: 0 accept none, 1 accept better, 2 accept any', { min: 0, max: 2 }));

// ---- Latest bet info ----------------------------------------------------------------------------------------------

const betMatchMarketSchema = deferred(() =>
  z.strictObject({
    type: integer('Selection type `ty` (1 home, 2 away, 3 draw …)', { min: 1, max: 999 }),
    matchId: integer('Match id', { min: 1 }),
    marketId: integer('Market id', { min: 1 }),
  }),
);

const bmsSchema = deferred(() =>
  z.object({
    mid: described(z.number(), 'Market id to bet on now (a moved line answers the new id)'),
    omid: z.optional(described(z.number(), 'The market id asked for, when its line moved to `mid`')),
    matchId: described(z.number(), 'Match id'),
    mn: described(z.string(), 'Match name "Home v Away" (ours: the slip shows it without another call)'),
    tids: z.optional(
      described(
        z.array(z.number()),
        'Team ids of the match, home then away (ours: a multiple may not hold two matches of one team, so the slip can say so before placing)',
      ),
    ),
    ss: described(z.union([z.literal(1), z.literal(0), z.literal(-1)]), 'Sale status: 1 open, 0 suspended, −1 closed'),
    op: z.object({
      ty: described(z.number(), 'Selection type'),
      od: described(z.number(), 'Decimal odds; negative while locked; 0 when closed'),
      nm: described(z.string(), 'Short name'),
      li: z.optional(described(z.string(), 'Line')),
    }),
    smin: integer('Minimum stake in minor units'),
    smax: integer('Maximum stake in minor units'),
    au: described(z.union([z.literal(0), z.literal(1)]), '1 when the selection may join a multiple'),
    ip: described(z.union([z.literal(0), z.literal(1)]), '1 while in play (the bet waits the live acceptance delay)'),
    re: z.optional(described(z.string(), 'Score now "h-a" (live Asian handicaps count goals after it)')),
  }),
);
export type BetMarketInfo = z.infer<typeof bmsSchema>;

const sosSchema = deferred(() =>
  z.object({
    sn: integer('Series code: N×1000+M (2001 double, 3001 treble, 3004 Trixie, 4011 Yankee …)'),
    nm: described(z.string(), 'Series name key: double, treble, trixie, yankee, fold3_of_4 …'),
    in: integer('Number of lines'),
    sodd: described(z.number(), 'Combined decimal odds: the sum over lines of each line’s odds product'),
    mi: integer('Minimum stake per line in minor units'),
    mx: integer('Maximum stake per line in minor units'),
  }),
);
export type BetSeriesInfo = z.infer<typeof sosSchema>;

export const betLatestInfo = endpoint(() => ({
  method: 'POST',
  path: `${FB}/order/batchBetMatchMarketOfJumpLine`,
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({
    betMatchMarketList: described(z.array(betMatchMarketSchema).check(z.minLength(1), z.maxLength(BET_SLIP_MAX)), `Selections of the slip, 1–${BET_SLIP_MAX}`),
    isSelectSeries: z.optional(described(z.boolean(), 'Answer the multiples and systems (`sos`) too')),
    currencyId: z.optional(integer('Currency id (22 BRL, 23 MXN …); default the brand’s')),
  }),
  data: z.object({
    bms: z.array(bmsSchema),
    sos: z.array(sosSchema),
    mon: integer('Maximum singles in one placement (maxSingleBet)'),
    msl: integer('Maximum legs in a multiple (maxBetMulti)'),
    payout_max: integer('Maximum payout of one bet in minor units'),
    currency: described(z.string(), 'Currency of the limits'),
    ver: z.optional(
      integer(
        'Ours: the feed version the answer was read at (the simulated millisecond, the match lists’ `incr_cursor`); of two answers the greater is the newer, whichever server node gave it. Optional: a node of an earlier build (a rolling deploy) answers without it, and the page then takes its answer',
        { min: 0 },
      ),
    ),
  }),
}));

// ---- Placement ----------------------------------------------------------------------------------------------------

const betOptionSchema = deferred(() =>
  z.strictObject({
    matchId: integer('Match id', { min: 1 }),
    marketId: integer('Market id', { min: 1 }),
    optionType: integer('Selection type `ty`', { min: 1, max: 999 }),
    odds: oddsDecimal('Decimal odds the player saw (1.85)'),
    oddsFormat: z.optional(integer('Display format of the odds (1 decimal); bets are always decimal', { min: 1, max: 4 })),
  }),
);
export type BetOption = z.infer<typeof betOptionSchema>;

const placedSchema = deferred(() =>
  z.object({
    id: described(z.string(), 'Order (bet) id'),
    st: integer('Order status: 1 confirming (in-play delay), 4 confirmed'),
    stake: integer('Total stake in minor units'),
    odds: z.array(described(z.number(), 'Decimal odds each leg was accepted at')),
    payout_max: z.optional(integer('Potential return at those odds in minor units (ours: the slip’s receipt shows it)')),
  }),
);
export type PlacedBet = z.infer<typeof placedSchema>;

const unitStake = deferred(() => integer('Stake in minor units (per line for a system)', { min: 1 }));

export const betSinglePass = endpoint(() => ({
  method: 'POST',
  moneyAction: true,
  path: `${FB}/order/bet/singlePass`,
  host: 'main',
  auth: 'user',
  idempotency: 'required',
  query: noQuery,
  body: z.strictObject({
    singleBetList: described(
      z
        .array(
          z.strictObject({
            unitStake,
            oddsChange: oddsChangeSchema,
            betOptionList: described(z.array(betOptionSchema).check(z.length(1)), 'Exactly one option per single'),
          }),
        )
        .check(z.minLength(1), z.maxLength(BET_SLIP_MAX)),
      `Singles, 1–${BET_SLIP_MAX}`,
    ),
    currencyId: z.optional(integer('Currency id; default the brand’s')),
  }),
  data: z.array(placedSchema),
}));

export const betMultiple = endpoint(() => ({
  method: 'POST',
  moneyAction: true,
  path: `${FB}/order/betMultiple`,
  host: 'main',
  auth: 'user',
  idempotency: 'required',
  query: noQuery,
  body: z.strictObject({
    betMultipleData: described(
      z
        .array(
          z.strictObject({
            seriesValue: integer('Series code `sn` from `sos` (3001 treble, 3004 Trixie …)', { min: 2001, max: 10_999 }),
            unitStake,
            oddsChange: oddsChangeSchema,
          }),
        )
        .check(z.minLength(1), z.maxLength(20)),
      'One entry per series to place',
    ),
    betOptionList: described(
      z.array(betOptionSchema).check(z.minLength(2), z.maxLength(2 * BET_SLIP_MAX)),
      `Legs, 2–${BET_SLIP_MAX} (more is refused as too many legs), one per match`,
    ),
    currencyId: z.optional(integer('Currency id; default the brand’s')),
    lca_lang: z.optional(text(16, 'Language of the answer')),
  }),
  data: z.array(placedSchema),
}));

export const betFree = endpoint(() => ({
  method: 'POST',
  moneyAction: true,
  path: `${FB}/order/free`,
  host: 'main',
  auth: 'user',
  idempotency: 'required',
  query: noQuery,
  body: z.strictObject({
    unitStake,
    oddsChange: oddsChangeSchema,
    betOptionList: described(z.array(betOptionSchema).check(z.length(1)), 'The one option of the free single'),
  }),
  data: placedSchema,
}));

export const freeActivityInfo = endpoint(() => ({
  method: 'GET',
  path: `${FB}/order/free_activity_info`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    balance: integer('Free-bet balance in minor units (the stake is not returned on a win)'),
    currency: described(z.string(), 'Currency'),
    list: z.array(
      z.object({ id: described(z.string(), 'Grant id'), amount: integer('Granted'), remaining: integer('Left'), create_time: integer('Unix seconds') }),
    ),
  }),
}));

export const stakeOrderStatus = endpoint(() => ({
  method: 'POST',
  path: `${FB}/order/getStakeOrderStatus`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ orderIds: described(z.array(text(32, 'Order id')).check(z.minLength(1), z.maxLength(50)), 'Orders to poll, 1–50') }),
  data: z.array(
    z.object({
      oid: described(z.string(), 'Order id'),
      st: integer('0 created, 1 confirming, 2 rejected, 4 confirmed, 5 settled'),
      rj: z.optional(integer('Reject reason: 4 market suspended (a goal or suspension in the delay), 8 odds changed …')),
    }),
  ),
}));

// ---- Cash-out -----------------------------------------------------------------------------------------------------

const cashOutPriceSchema = deferred(() =>
  z.object({
    oid: described(z.string(), 'Order id'),
    amt: integer('Cash-out value of the whole stake in minor units (0 when not offered)'),
    st: integer('1 offered, 0 suspended now, −1 unavailable'),
    smis: integer('Minimum stake of a partial cash-out in minor units'),
    stake: integer('Stake still riding in minor units'),
    auto: z.optional(integer('Auto cash-out target in minor units, while one is set and not yet executed')),
  }),
);

export const cashOutPrice = endpoint(() => ({
  method: 'POST',
  path: `${FB}/order/cashOut/price`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ orderIds: described(z.array(text(32, 'Order id')).check(z.minLength(1), z.maxLength(50)), 'Orders, 1–50') }),
  data: z.object({ pr: z.array(cashOutPriceSchema) }),
}));

export const cashOutsByIds = endpoint(() => ({
  method: 'POST',
  path: `${FB}/order/getCashOutsByIds`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ orderIds: described(z.array(text(32, 'Order id')).check(z.minLength(1), z.maxLength(50)), 'Orders, 1–50') }),
  data: z.array(
    z.object({
      oid: described(z.string(), 'Order id'),
      list: z.array(z.object({ stake: integer('Stake cashed out'), amount: integer('Paid'), create_time: integer('Unix seconds') })),
    }),
  ),
}));

export const cashOutBet = endpoint(() => ({
  method: 'POST',
  moneyAction: true,
  path: `${FB}/order/cashOut/bet`,
  host: 'main',
  auth: 'user',
  idempotency: 'required',
  query: noQuery,
  body: z.strictObject({
    orderId: text(32, 'Order id'),
    cashOutStake: integer('Stake to cash out in minor units (all of it, or a part of at least `smis`)', { min: 1 }),
    unitCashOutPayoutStake: integer('The value the player accepted for that stake, in minor units', { min: 1 }),
    acceptOddsChange: z.optional(described(z.boolean(), 'Take a different value than the accepted one')),
  }),
  data: z.object({ oid: described(z.string(), 'Order id'), amount: integer('Paid in minor units'), stake: integer('Stake still riding') }),
}));

/**
 * Beyond the spec (as bet365 and the FB API have): an auto cash-out target. The server cashes the whole bet out at
 * the first value ≥ target it prices while the player is away; 0 removes the target. Setting a target moves no
 * money by itself, so it takes no Idempotency-Key (setting it twice is the same as once).
 */
export const cashOutAuto = endpoint(() => ({
  method: 'POST',
  moneyAction: true,
  path: `${FB}/order/cashOut/auto`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({
    orderId: text(32, 'Order id'),
    targetAmount: integer('Cash out the whole bet when its value reaches this, in minor units; 0 removes the target', { min: 0 }),
  }),
  data: z.object({ oid: described(z.string(), 'Order id'), auto: z.optional(integer('The target now set, in minor units')) }),
}));

// ---- Records ------------------------------------------------------------------------------------------------------

export const BET_RANGES = ['today', 'yesterday', 'last7days', 'last30days'] as const;
export type BetRange = (typeof BET_RANGES)[number];

const betLegRecordSchema = deferred(() =>
  z.object({
    matchId: described(z.number(), 'Match id'),
    marketId: described(z.number(), 'Market id'),
    ty: described(z.number(), 'Selection type'),
    mty: described(z.number(), 'Market type'),
    pe: described(z.number(), 'Market period'),
    li: z.optional(described(z.string(), 'Line')),
    nm: described(z.string(), 'Match name "Home v Away"'),
    od: described(z.number(), 'Decimal odds accepted'),
    re: z.optional(described(z.string(), 'Score at bet time "h-a" for an in-play bet')),
    sr: integer(
      'Outcome: 0 open, 2 push, 3 lost, 4 won, 5 half won, 6 half lost, 7 cancelled. A bet cashed out whole keeps no saved outcome on its legs; its legs answer the result the match has had since (0 while it has none)',
    ),
    rv: z.optional(integer('Revision of the corrected result the leg was decided again on (2 for the first correction)')),
    rs: z.optional(described(z.string(), 'Final score "h-a" of that corrected result')),
  }),
);

export const betRecordSchema = deferred(() =>
  z.object({
    id: described(z.string(), 'Order id'),
    kind: described(z.enum(BET_KINDS), 'single_bet, bet_multi or system_bet'),
    sn: integer('Series code (1 single, N×1000+M otherwise)'),
    st: integer('Order status'),
    rj: z.optional(integer('Reject reason')),
    sr: integer('Bet outcome (as the legs)'),
    stake: integer('Stake in minor units (total over lines)'),
    unit: integer('Stake per line'),
    lines: integer('Lines'),
    payout_max: integer('Potential return'),
    payout: z.optional(integer('Return once settled (or cashed out)')),
    cash_out: integer('Paid by cash-outs so far'),
    stake_open: integer('Stake still riding in minor units: the stake less what cash-outs took (0 once cashed out whole)'),
    payout_open: integer('Potential return of the stake still riding (0 once cashed out whole)'),
    paid: integer('Paid to the player so far in minor units: cash-outs plus, once settled on its result, the return credited'),
    withheld: integer(
      'Prize withholding kept back from what was paid, in minor units (Mexico’s ISR on the net win; 0 elsewhere): the player received paid − withheld',
    ),
    cashed_out: described(z.union([z.literal(0), z.literal(1)]), '1 when the bet ended by a cash-out of all of its stake'),
    free: described(z.union([z.literal(0), z.literal(1)]), '1 for a free bet'),
    currency: described(z.string(), 'Currency'),
    create_time: integer('Unix seconds'),
    settle_time: z.optional(integer('Unix seconds')),
    legs: z.array(betLegRecordSchema),
  }),
);
export type BetRecord = z.infer<typeof betRecordSchema>;

export const betList = endpoint(() => ({
  method: 'POST',
  path: `${FB}/order/bet/list`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({
    current: z.optional(integer('Page, from 1', { min: 1, max: 10_000 })),
    size: z.optional(integer('Records per page, 1–50 (default 20)', { min: 1, max: 50 })),
    isSettled: z.optional(described(z.boolean(), 'false outstanding (default), true settled')),
    // A string checked against the list (not an enum), so a number is refused as the wrong type.
    range: z.optional(
      described(
        z.string().check(z.refine((value) => (BET_RANGES as readonly string[]).includes(value))),
        'today, yesterday, last7days or last30days (default)',
      ),
    ),
  }),
  data: z.object({ records: z.array(betRecordSchema), current: integer('Page'), total: integer('Matching records') }),
}));

/** Upstream currency ids (reference/betting.md §1.8); `currencyId` of the order calls. */
export const BET_CURRENCY_IDS: Readonly<Record<number, string>> = {
  22: 'BRL',
  23: 'MXN',
  18: 'COP',
  26: 'PEN',
  13: 'PHP',
  15: 'INR',
  38: 'KES',
  10: 'VND',
  200: 'USDT',
};
