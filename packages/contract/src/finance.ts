import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Finance (spec §3 Wallet, Currency info, Transaction/order, Deposit info; §4 order and pay states; §7 Finance).
 * Paths are the spec's; `.../x` takes the prefix `/api/piranha/finance/`. Operations the spec names without a
 * path (getDepositInfo, pddWithdraw, currency info, payin order appeal) get one under the same prefix.
 * Amounts are integer minor units (divide by 100 for display), always with their currency.
 */

const FINANCE = '/api/piranha/finance';
const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const noBody = described(z.undefined(), 'No body');
const flag = (description: string) => described(z.union([z.literal(0), z.literal(1)]), description);
const minor = (description: string) => integer(`${description} (minor units, divide by 100)`);
/** Query strings carry numbers as text: accept both and hand the server a number. */
const queryInt = (description: string, bounds: { min?: number; max?: number } = {}) =>
  described(
    z.pipe(
      z.union([z.string().check(z.regex(/^\d{1,15}$/)), z.number()]),
      z.pipe(
        z.transform((value: string | number) => Number(value)),
        z.int().check(...(bounds.min === undefined ? [] : [z.minimum(bounds.min)]), ...(bounds.max === undefined ? [] : [z.maximum(bounds.max)])),
      ),
    ),
    description,
  );
const orderIdSchema = deferred(() => described(z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/)), 'Order id (orderId)'));

/** Spec §4 "Order status": 0 created, 1 pending/confirming, 2 rejected, 3 cancelled, 4 success. */
export const ORDER_STATUS = { created: 0, pending: 1, rejected: 2, cancelled: 3, success: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
const orderStatusSchema = deferred(() =>
  described(
    z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    'Order status: 0 created, 1 pending/confirming, 2 rejected, 3 cancelled (or expired), 4 success',
  ),
);

/** Spec §4 "Transaction pay status": 0 unprocessed, 1 success, 2 pending, 3 timeout, 4 failed, 20 pending. */
export const PAY_STATUS = { unprocessed: 0, success: 1, pending: 2, timeout: 3, failed: 4, pendingReview: 20 } as const;
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];
const payStatusSchema = deferred(() =>
  described(
    z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(20)]),
    'Pay status: 0 unprocessed, 1 finished/success, 2 pending, 3 timeout, 4 failed, 20 pending (review). Deposit polling: 1 paid; 0 and 2 poll again after 10 s; anything else ends',
  ),
);

/** Pay-in (deposit) or pay-out (withdrawal). */
export const PAY_DIRECTIONS = ['payin', 'payout'] as const;
export type PayDirection = (typeof PAY_DIRECTIONS)[number];
const directionSchema = deferred(() => described(z.enum(PAY_DIRECTIONS), 'payin (deposit) or payout (withdrawal)'));

// ---------------------------------------------------------------------------------------------------------
// Currency info and deposit info

/** Spec §3 "Currency info". */
export const currencyInfoSchema = deferred(() =>
  z.object({
    id: integer('Currency id (22 is the default currency)'),
    currency: described(z.string(), 'Currency code: a fiat code or USD, BTC, ETH, USDT, USDC, BUSD, BNB, XRP, ADA, DOT, LTC, LINK'),
    symbol: described(z.string(), 'Display symbol'),
    currency_type: described(z.union([z.literal(1), z.literal(2)]), '1 fiat, 2 crypto'),
    network: described(z.string(), 'Blockchain network for crypto (TRC20, ERC20…); empty for fiat'),
    preCurrency: described(z.string(), 'The currency before this one in the selector; empty for the first'),
    nextCurrency: described(z.string(), 'The currency after this one in the selector; empty for the last'),
    enabled: flag('1 when this brand lets the player hold and deposit it'),
  }),
);
export type CurrencyInfo = z.infer<typeof currencyInfoSchema>;

export const currencyInfoGet = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/currency/info/get`,
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: noBody,
  data: z.object({
    default_currency_id: integer('Id of the default currency (spec: 22)'),
    current: described(z.string(), 'The currency the request displays (common parameter currency, else the brand’s)'),
    crypto_default: described(z.string(), 'The crypto the fiat/crypto switch opens on (USDT) where the brand allows crypto; empty otherwise'),
    list: described(z.array(currencyInfoSchema), 'Every supported currency in selector order'),
  }),
}));

/** One way to pay in or out (spec §3 "pay_channel items": key, name, icon) with its limits. */
export const payChannelSchema = deferred(() =>
  z.object({
    key: described(z.string(), 'Channel key, e.g. PIX, SPEI, UPI, MPESA, GCASH, PAYMAYA, PSE, NEQUI, EFECTY, BANK_TRANSFER, THAI_QR, THAI_BANK, USDT_TRC20'),
    name: described(z.string(), 'Display name of the method'),
    icon: described(z.string(), 'Icon URL (same origin)'),
    currency: described(z.string(), 'The one currency this method moves'),
    min_amount: minor('Smallest amount per order'),
    max_amount: minor('Largest amount per order'),
    quick_amounts: described(
      z.array(integer('Quick amount in minor units')),
      'Quick amounts the page offers as buttons: pay-ins only ones this player can send now (from min_amount, first deposit included, up to max_amount and what is left of today’s maximum); empty when none fits',
    ),
    fee_rate_bp: integer('Fee in basis points of the amount (withdrawals); 0 for deposits'),
    fee_cap: minor('Largest fee per order'),
    networks: described(z.array(z.string()), 'Networks a crypto method offers (TRC20, ERC20); empty for fiat'),
    fields: described(z.array(z.string()), 'Inputs the method needs from the player at order time (e.g. phone for an M-Pesa STK push)'),
  }),
);
export type PayChannel = z.infer<typeof payChannelSchema>;

export const depositInfoGet = endpoint(() => ({
  // The spec's getDepositInfo.
  method: 'GET',
  path: `${FINANCE}/pay/info/get`,
  host: 'main',
  auth: 'user',
  query: z.object({
    pay_type: z.optional(described(z.enum(PAY_DIRECTIONS), 'payin (default) or payout')),
    currency_code: z.optional(text(8, 'Currency to list channels for; default the request’s display currency')),
    currency_type: z.optional(described(z.enum(['1', '2']), '1 fiat, 2 crypto (USDT): the rechargeChannel=USDT switch')),
  }),
  body: noBody,
  data: z.object({
    currency_list: described(z.array(currencyInfoSchema), 'Currencies this brand deposits in'),
    currency: described(z.string(), 'The currency the channels below move'),
    pay_channel: described(z.array(payChannelSchema), 'Methods for this currency, in display order'),
    daily_max: minor('Most the player may deposit per day in this currency'),
    deposited_today: minor('What the player has deposited today (success and pending orders)'),
    min_charge: minor('Brand minimum first deposit'),
    is_first_deposit: flag('1 while the player has never completed a deposit'),
    bonus_max: minor('Largest bonus a first deposit can unlock on this brand'),
  }),
}));

// ---------------------------------------------------------------------------------------------------------
// Pay-in orders

/** The method's payment instruction from its provider: only the fields of its `kind` are present. */
export const paymentInstructionSchema = deferred(() =>
  z.object({
    kind: described(
      z.enum(['pix', 'spei', 'upi', 'stk_push', 'redirect', 'reference', 'thai_qr', 'bank_transfer', 'crypto']),
      'What the player does: pix (copy-and-paste code + QR), spei (CLABE + reference), upi (intent link + QR), stk_push (approve on the phone), redirect (open checkout_url), reference (pay with a reference at a counter or app), thai_qr, bank_transfer, crypto (send to address)',
    ),
    provider: described(z.string(), 'Sandbox provider that issued it'),
    checkout_url: z.optional(described(z.string(), 'Hosted page where the player approves (relative to the API host)')),
    copy_text: z.optional(described(z.string(), 'Text the player copies: PIX "copia e cola", UPI link, address…')),
    qr_svg: z.optional(described(z.string(), 'QR image of copy_text as an SVG document')),
    clabe: z.optional(described(z.string(), 'SPEI destination CLABE (18 digits, valid check digit)')),
    bank_name: z.optional(described(z.string(), 'Receiving bank')),
    beneficiary: z.optional(described(z.string(), 'Account holder name to show')),
    reference: z.optional(described(z.string(), 'Payment reference the player must quote')),
    account_number: z.optional(described(z.string(), 'Receiving account number (bank transfer)')),
    upi_link: z.optional(described(z.string(), 'upi://pay intent link')),
    phone: z.optional(described(z.string(), 'MSISDN the STK push was sent to (2547XXXXXXXX)')),
    checkout_request_id: z.optional(described(z.string(), 'M-Pesa CheckoutRequestID')),
    customer_message: z.optional(described(z.string(), 'Provider message to show')),
    address: z.optional(described(z.string(), 'Crypto deposit address (checksummed)')),
    network: z.optional(described(z.string(), 'Crypto network (TRC20, ERC20)')),
    expire_at: integer('Unix seconds the instruction stops working'),
  }),
);
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;

export const payinOrderSchema = deferred(() =>
  z.object({
    order_id: orderIdSchema,
    channel: described(z.string(), 'Channel key'),
    amount: minor('Amount'),
    currency: described(z.string(), 'Currency'),
    status: orderStatusSchema,
    pay_status: payStatusSchema,
    create_time: integer('Unix seconds the order was created'),
    instruction: paymentInstructionSchema,
  }),
);
export type PayinOrder = z.infer<typeof payinOrderSchema>;

export const payinOrderCreate = endpoint(() => ({
  method: 'POST',
  path: `${FINANCE}/payin/order/create`,
  host: 'main',
  auth: 'user',
  idempotency: 'required',
  query: noQuery,
  body: z.strictObject({
    channel: text(32, 'Channel key from pay/info/get'),
    amount: integer('Amount in minor units', { min: 1 }),
    currency: text(8, 'Currency of the amount; must be the channel’s'),
    network: z.optional(text(16, 'Crypto network (TRC20 or ERC20) for USDT')),
    phone: z.optional(text(32, 'Phone for an STK push (M-Pesa): 07XXXXXXXX, 2547XXXXXXXX or +2547XXXXXXXX')),
    payin_code: z.optional(text(32, 'A payin code checked with payin/code/check, applied to this order')),
  }),
  data: payinOrderSchema,
}));

export const payinOrderStatus = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/payin/order/status`,
  host: 'main',
  auth: 'user',
  query: z.object({ order_id: orderIdSchema }),
  body: noBody,
  data: z.object({
    order_id: orderIdSchema,
    status: orderStatusSchema,
    pay_status: payStatusSchema,
    amount: minor('Amount'),
    currency: described(z.string(), 'Currency'),
    channel: described(z.string(), 'Channel key'),
    first_deposit: flag('1 when this order was the player’s first completed deposit (the register/first-charge bonus follows)'),
    poll_interval_s: integer('Seconds before the next poll (spec: 10)'),
    create_time: integer('Unix seconds the order was created'),
    instruction: described(
      z.nullable(paymentInstructionSchema),
      'The payment instruction, as payin/order/create gave it, so any tab or device can show the code again; null when the provider gave none (it failed)',
    ),
  }),
}));

export const userDepositCheck = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/user/deposit/check`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({ is_deposit: flag('1 once the player has completed at least one deposit') }),
}));

export const payinUserRecommend = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/payin/user/recommend`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    channel: described(z.string(), 'Recommended channel: the last one the player paid with, else the first of the brand'),
    amount: minor(
      'Recommended amount, always one the player can send now (order minimum, first deposit included, to what is left of today’s maximum): the last paid amount, else the nearest quick amount; 0 when today’s maximum is used up',
    ),
    currency: described(z.string(), 'Currency of the amount'),
  }),
}));

const payinCodeSchema = deferred(() => described(z.string().check(z.minLength(4), z.maxLength(32), z.regex(/^[A-Za-z0-9-]+$/)), 'Payin code'));
const payinCodeBody = deferred(() => z.strictObject({ code: payinCodeSchema }));

export const payinCodeCheck = endpoint(() => ({
  method: 'POST',
  path: `${FINANCE}/payin/code/check`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: payinCodeBody,
  data: z.object({
    valid: flag('1 when the code exists, is live and the player has not used it'),
    code: described(z.string(), 'The code, normalised to upper case'),
    bonus_rate_bp: integer('Extra credited on the deposit, in basis points of its amount'),
    bonus_max: minor('Largest extra'),
    currency: described(z.string(), 'Currency the code applies to'),
    min_amount: minor('Smallest deposit the code applies to'),
  }),
}));

export const payinCodeUse = endpoint(() => ({
  method: 'POST',
  path: `${FINANCE}/payin/code/use`,
  host: 'main',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({ code: payinCodeSchema, order_id: orderIdSchema }),
  data: z.object({ used: flag('1 once the code is attached to the (still open) order'), order_id: orderIdSchema }),
}));

/** Appeal states: 0 submitted, 1 in review, 2 resolved in the player’s favour, 3 rejected. */
export const APPEAL_STATUS = { submitted: 0, reviewing: 1, resolved: 2, rejected: 3 } as const;
export const appealSchema = deferred(() =>
  z.object({
    appeal_id: integer('Appeal id'),
    order_id: orderIdSchema,
    status: described(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]), 'Appeal state: 0 submitted, 1 in review, 2 resolved, 3 rejected'),
    reason: described(z.string(), 'Reason key'),
    description: described(z.string(), 'What the player wrote'),
    reference: described(z.string(), 'Bank or wallet receipt reference the player gave'),
    create_time: integer('Unix seconds'),
    update_time: integer('Unix seconds'),
  }),
);
export const APPEAL_REASONS = ['paid_not_credited', 'wrong_amount', 'charged_twice', 'other'] as const;

export const payinOrderAppealGet = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/payin/order/appeal/get`,
  host: 'main',
  auth: 'user',
  query: z.object({ order_id: orderIdSchema }),
  body: noBody,
  data: z.object({ appeal: z.nullable(appealSchema), can_appeal: flag('1 when this order may still be appealed') }),
}));

export const payinOrderAppealCreate = endpoint(() => ({
  method: 'POST',
  path: `${FINANCE}/payin/order/appeal/submit`,
  host: 'main',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    order_id: orderIdSchema,
    reason: described(z.pipe(z.string(), z.enum(APPEAL_REASONS)), 'paid_not_credited, wrong_amount, charged_twice or other'),
    description: z.optional(text(500, 'What happened, in the player’s words')),
    reference: z.optional(text(64, 'Receipt reference from the bank or wallet')),
  }),
  data: z.object({ appeal: appealSchema }),
}));

// ---------------------------------------------------------------------------------------------------------
// Withdrawal accounts

/** One input of a payout method (spec §5): its name, kind and rules, and the player’s saved value. */
export const accountElementSchema = deferred(() =>
  z.object({
    name: described(
      z.string(),
      'Field name: phone, document_type, document, account_type, bank_code, account_number, clabe, pix_key_type, pix_key, holder_name, address, network, ifsc, email',
    ),
    kind: described(z.enum(['text', 'phone', 'select', 'document']), 'Input kind'),
    required: flag('1 when the field must be filled'),
    options: described(z.array(z.string()), 'Allowed values of a select (document types, account types, bank codes…)'),
    min_length: integer('Shortest accepted value (digits for phones)'),
    max_length: integer('Longest accepted value'),
    country_code: described(z.string(), 'Phone country calling code for this method (spec §5), e.g. 55, 254; empty otherwise'),
    value: described(z.string(), 'The player’s saved value; empty when none'),
    warning: z.optional(
      described(z.string(), 'Accepted, but worth re-reading: checksum when the check digit does not compute (an RFC SAT issued so); empty when none'),
    ),
  }),
);

export const accountGet = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/account/get`,
  host: 'main',
  auth: 'user',
  // The figures are in the common parameter `currency` (the display currency), else the brand's.
  query: noQuery,
  body: noBody,
  data: z.object({
    currency: described(z.string(), 'Currency of the figures'),
    balance: minor('Wallet balance (pending payouts are already taken out of it)'),
    locked_bonus: minor('Bonus money not yet withdrawable'),
    pending_payout: minor('Withdrawals requested and not yet paid'),
    withdrawable: minor('What can be withdrawn now: balance − locked_bonus, never below 0 (pending payouts were debited when requested)'),
    fee_cap: minor('Largest withdrawal fee'),
    withdrawal_tax_bp: integer('Tax withheld from each withdrawal by the brand’s jurisdiction, in basis points (Kenya 500 = 5 %; 0 elsewhere)'),
    methods: described(
      z.array(z.object({ channel: payChannelSchema, saved: flag('1 when the player has saved account elements for it') })),
      'Payout methods of this currency',
    ),
  }),
}));

export const accountElementsGet = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/account/elements/get`,
  host: 'main',
  auth: 'user',
  query: z.object({ channel: text(32, 'Payout channel key') }),
  body: noBody,
  data: z.object({ channel: described(z.string(), 'Channel key'), elements: described(z.array(accountElementSchema), 'Fields in form order') }),
}));

export const accountElementsSet = endpoint(() => ({
  method: 'POST',
  path: `${FINANCE}/account/elements/set`,
  host: 'main',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    channel: text(32, 'Payout channel key'),
    elements: described(
      z.record(z.string().check(z.maxLength(32)), z.string().check(z.maxLength(128))),
      'Field name → value, as listed by account/elements/get',
    ),
  }),
  data: z.object({
    channel: described(z.string(), 'Channel key'),
    elements: described(z.array(accountElementSchema), 'Saved fields, normalised (E.164-free digits, upper-case ids)'),
  }),
}));

export const bankCodeGet = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/bankcode/get`,
  host: 'main',
  auth: 'user',
  query: z.object({ channel: text(32, 'Payout channel key') }),
  body: noBody,
  data: z.object({
    banks: described(
      z.array(z.object({ code: described(z.string(), 'Bank code'), name: described(z.string(), 'Bank name') })),
      'Banks of the channel’s country',
    ),
  }),
}));

// ---------------------------------------------------------------------------------------------------------
// Pay-out orders

export const payoutOrderSchema = deferred(() =>
  z.object({
    order_id: orderIdSchema,
    channel: described(z.string(), 'Channel key'),
    amount: minor('Amount debited from the wallet'),
    fee: minor('Fee kept from the amount'),
    tax: minor('Withdrawal tax withheld from the amount for the jurisdiction (Kenya 5 %), rounded down'),
    net_amount: minor('What reaches the player’s account (amount − fee − tax)'),
    currency: described(z.string(), 'Currency'),
    status: orderStatusSchema,
    pay_status: payStatusSchema,
    account_masked: described(z.string(), 'Destination account, masked'),
    create_time: integer('Unix seconds'),
  }),
);
export type PayoutOrder = z.infer<typeof payoutOrderSchema>;

export const payoutOrderCreate = endpoint(() => ({
  method: 'POST',
  moneyAction: true,
  path: `${FINANCE}/payout/order/create`,
  host: 'main',
  auth: 'user',
  idempotency: 'required',
  query: noQuery,
  body: z.strictObject({
    channel: text(32, 'Payout channel key (account elements must be saved first)'),
    amount: integer('Amount in minor units', { min: 1 }),
    currency: text(8, 'Currency of the amount; must be the channel’s'),
    forfeit_bonus: z.optional(
      integer('1: the player confirmed that withdrawing forfeits the bonus being unlocked (else 8009 when one is)', { min: 0, max: 1 }),
    ),
  }),
  data: payoutOrderSchema,
}));

export const payoutOrderStatus = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/payout/order/status`,
  host: 'main',
  auth: 'user',
  query: z.object({ order_id: orderIdSchema }),
  body: noBody,
  data: payoutOrderSchema,
}));

export const payoutOrderTransfiya = endpoint(() => ({
  // Colombia's Transfiya pays to a phone: the page asks whether the saved phone can receive it.
  method: 'GET',
  path: `${FINANCE}/payout/order/transfiya`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    available: flag('1 when the brand pays out by Transfiya (COP)'),
    phone: described(z.string(), 'Saved Transfiya phone (masked); empty when none'),
    min_amount: minor('Smallest Transfiya payout'),
    max_amount: minor('Largest Transfiya payout'),
  }),
}));

export const SOCIAL_CHANNELS = ['whatsapp', 'telegram', 'facebook', 'x'] as const;

export const payoutSocial = endpoint(() => ({
  // After a paid withdrawal the page invites the player to share it.
  method: 'GET',
  path: `${FINANCE}/payout/social`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    show: flag('1 when the player has a paid withdrawal not yet shared'),
    order_id: described(z.string(), 'The paid withdrawal to share; empty when none'),
    amount: minor('Its amount'),
    currency: described(z.string(), 'Its currency'),
    channels: described(
      z.array(z.object({ key: described(z.enum(SOCIAL_CHANNELS), 'Social network'), url: described(z.string(), 'Share link') })),
      'Where to share',
    ),
  }),
}));

export const payoutSocialClick = endpoint(() => ({
  method: 'POST',
  path: `${FINANCE}/payout/social_click`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: z.strictObject({ order_id: orderIdSchema, channel: described(z.pipe(z.string(), z.enum(SOCIAL_CHANNELS)), 'Social network tapped') }),
  data: z.object({ recorded: flag('1 once the click is stored (once per order and network)') }),
}));

export const pddWithdraw = endpoint(() => ({
  // Moves a completed PDD (share-to-unlock) reward into the wallet.
  method: 'POST',
  moneyAction: true,
  path: `${FINANCE}/pdd/withdraw`,
  host: 'main',
  auth: 'user',
  idempotency: 'required',
  query: noQuery,
  body: z.strictObject({ pdd_uid: described(z.string().check(z.minLength(1), z.maxLength(64)), 'The PDD reward id') }),
  data: z.object({ pdd_uid: described(z.string(), 'The reward id'), amount: minor('Amount credited'), currency: described(z.string(), 'Currency') }),
}));

// ---------------------------------------------------------------------------------------------------------
// History

const PAY_STATUS_VALUES: readonly number[] = Object.values(PAY_STATUS);
/** Comma-separated pay statuses in a query string ("0,2,20", as match ids elsewhere), or one number. */
const payStatusListQuery = deferred(() =>
  described(
    z
      .pipe(
        z.union([z.string().check(z.regex(/^\d{1,2}(,\d{1,2}){0,5}$/)), z.number()]),
        z.transform((value: string | number) => [...new Set(String(value).split(',').map(Number))]),
      )
      .check(z.refine((statuses) => statuses.every((status) => PAY_STATUS_VALUES.includes(status)), { message: 'invalid_value' })),
    'Only orders of these pay statuses, comma-separated (0, 1, 2, 3, 4, 20): "0,2,20" lists every pending order',
  ),
);

export const payOrderHistoryItemSchema = deferred(() =>
  z.object({
    order_id: orderIdSchema,
    type: directionSchema,
    channel: described(z.string(), 'Channel key'),
    amount: minor('Amount'),
    fee: minor('Fee (payouts)'),
    currency: described(z.string(), 'Currency'),
    status: orderStatusSchema,
    pay_status: payStatusSchema,
    create_time: integer('Unix seconds'),
    update_time: integer('Unix seconds'),
    appeal_status: described(z.nullable(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])), 'State of the order’s appeal; null when none'),
  }),
);

export const payOrderHistory = endpoint(() => ({
  method: 'GET',
  path: `${FINANCE}/pay/order/history`,
  host: 'main',
  auth: 'user',
  query: z.object({
    type: z.optional(described(z.enum(['all', 'payin', 'payout']), 'all (default), payin or payout')),
    pay_status: z.optional(payStatusListQuery),
    cursor: z.optional(queryInt('Cursor from the previous page; omit for the first', { min: 0 })),
    page_size: z.optional(queryInt('Items per page, 1–50 (default 20)', { min: 1, max: 50 })),
  }),
  body: noBody,
  data: z.object({
    records: described(z.array(payOrderHistoryItemSchema), 'Newest first'),
    cursor: integer('Pass back for the next page'),
    has_more: flag('1 when more records follow'),
  }),
}));
