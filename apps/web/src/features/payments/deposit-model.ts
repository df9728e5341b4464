import { minorUnits } from '@piranha/domain';
import { amountFractionDigitsOf, amountMinorParse, amountMinorText } from '../../shared/money/money.ts';
import { amountProblem, type AmountLimits, type AmountProblem } from './amount-input.ts';
import { depositLimits, type DepositLimitInput } from './deposit-limits.ts';

/** What the deposit form needs of a method (contract PayChannel). */
export interface DepositChannel {
  key: string;
  currency?: string | undefined;
  min_amount: number;
  max_amount: number;
  quick_amounts: readonly number[];
  networks: readonly string[];
  fields: readonly string[];
}

/** What the deposit form needs of deposit info (contract getDepositInfo). */
export interface DepositInfo extends Omit<DepositLimitInput, 'channel'> {
  currency: string;
  pay_channel: readonly DepositChannel[];
}

/** What the player has chosen and typed; `undefined` where they have not touched it yet. */
export interface DepositDraft {
  chosenChannel?: string | undefined;
  amountText?: string | undefined;
  network?: string | undefined;
  phone: string;
  payinCode?: string | undefined;
  submitted: boolean;
}

/** A message with the amount it names, in minor units; the component words and formats it. */
export type DepositAmountError =
  | { key: 'payments.deposit.amountInvalid' }
  | { key: 'payments.deposit.amountBelowMin'; amountMinor: number }
  | { key: 'payments.deposit.amountAboveMax'; amountMinor: number }
  | { key: 'payments.deposit.dailyUsed' };

export interface DepositRequest {
  channel: string;
  amount: number;
  currency: string;
  network?: string;
  phone?: string;
  payin_code?: string;
}

export interface DepositView {
  channel: DepositChannel;
  limits: AmountLimits & { leftTodayMinor: number; maxMinor: number };
  currency: string;
  /** Quick amounts the player can send now (below a first deposit's minimum or above today's allowance are left out). */
  quickAmounts: readonly number[];
  /** The amount box: what the player typed, else the suggestion (last amount paid, first quick amount, minimum). */
  amountText: string;
  amountMinor: number | undefined;
  problem: AmountProblem | undefined;
  amountError: DepositAmountError | undefined;
  needsPhone: boolean;
  phoneMissing: boolean;
  /** Shown only after a tap on Deposit. */
  phoneError: boolean;
  network: string | undefined;
  /** The order to create, or undefined while something is missing or out of limits. */
  request: DepositRequest | undefined;
}

/** The method shown: the one the player chose, else the one they last paid with (the recommendation), else the first. */
export function depositChannelOf(info: DepositInfo, recommend: { channel: string } | undefined, chosen: string | undefined): DepositChannel | undefined {
  const channels = info.pay_channel;
  return channels.find((entry) => entry.key === chosen) ?? (recommend && channels.find((entry) => entry.key === recommend.channel)) ?? channels[0];
}

/** The currency a deposit on the method is made in. */
export function depositCurrencyOf(info: DepositInfo, channel: DepositChannel | undefined): string {
  return channel?.currency ?? info.currency;
}

/**
 * The deposit form as a pure function of the server's deposit info, its recommendation (the last amount paid on a
 * method) and what the player did: the method shown (chosen, else the recommended one, else the first), the limits
 * (`depositLimits`), quick amounts that fit them, the amount box, its message, the method's own inputs (an M-Pesa
 * phone, a crypto network) and the order to create. Undefined while there is no method to offer.
 */
export function depositView(info: DepositInfo, recommend: { channel: string; amount: number } | undefined, draft: DepositDraft): DepositView | undefined {
  const channel = depositChannelOf(info, recommend, draft.chosenChannel);
  if (!channel) return undefined;
  const recommended = recommend ? info.pay_channel.find((entry) => entry.key === recommend.channel) : undefined;
  const limits = depositLimits({ ...info, channel });
  const maxMinor = limits.maxMinor ?? 0;
  const fits = (minor: number) => !amountProblem(minorUnits(minor), limits);
  const quickAmounts = channel.quick_amounts.filter(fits);
  // The server's recommendation (the last amount paid) only on its own method and when it can be sent now.
  const recommendedMinor = recommended === channel && recommend && fits(recommend.amount) ? recommend.amount : undefined;
  const suggestedMinor = recommendedMinor ?? quickAmounts[0] ?? limits.minMinor;
  const currency = depositCurrencyOf(info, channel);
  const amountText = draft.amountText ?? (suggestedMinor ? amountMinorText(minorUnits(suggestedMinor)) : '');
  const amountMinor = amountMinorParse(amountText, 2, amountFractionDigitsOf(currency));
  const problem = amountProblem(amountMinor, limits);
  const amountError: DepositAmountError | undefined =
    (draft.submitted || amountText !== '') && problem
      ? problem === 'invalid'
        ? { key: 'payments.deposit.amountInvalid' }
        : problem === 'belowMin'
          ? { key: 'payments.deposit.amountBelowMin', amountMinor: limits.minMinor }
          : limits.leftTodayMinor === 0
            ? { key: 'payments.deposit.dailyUsed' }
            : { key: 'payments.deposit.amountAboveMax', amountMinor: maxMinor }
      : undefined;
  const needsPhone = channel.fields.includes('phone');
  const phone = draft.phone.trim();
  const phoneMissing = needsPhone && phone === '';
  const network = channel.networks.length > 0 ? (draft.network && channel.networks.includes(draft.network) ? draft.network : channel.networks[0]) : undefined;
  const request: DepositRequest | undefined =
    amountMinor === undefined || problem || phoneMissing
      ? undefined
      : {
          channel: channel.key,
          amount: amountMinor,
          currency,
          ...(network ? { network } : {}),
          ...(needsPhone ? { phone } : {}),
          ...(draft.payinCode ? { payin_code: draft.payinCode } : {}),
        };
  return {
    channel,
    limits: { ...limits, maxMinor },
    currency,
    quickAmounts,
    amountText,
    amountMinor,
    problem,
    amountError,
    needsPhone,
    phoneMissing,
    phoneError: draft.submitted && phoneMissing,
    network,
    request,
  };
}
