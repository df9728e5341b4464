import { currencyStepMinor, isCurrencyCode, withdrawalTaxMinor } from '@piranha/domain';
import { withdrawalFeeMinor } from '@piranha/domain/payments';
import { amountFractionDigitsOf, amountMinorParse } from '../../shared/money/money.ts';
import { elementProblem, type ElementProblem, type ElementRule } from './account-element-check.ts';
import { amountProblem, type AmountProblem } from './amount-input.ts';

/** What the form needs of a payout method (contract PayChannel). */
export interface WithdrawChannel {
  key: string;
  currency: string;
  min_amount: number;
  max_amount: number;
  fee_cap: number;
  fee_rate_bp: number;
}

export interface WithdrawMethod {
  channel: WithdrawChannel;
  saved: 0 | 1;
}

/** What the form needs of the payout account answer (contract account/get). */
export interface WithdrawAccount {
  currency: string;
  withdrawable: number;
  withdrawal_tax_bp: number;
  methods: readonly WithdrawMethod[];
}

/** One field of the payout account with the player's saved value (contract accountElementSchema). */
export interface WithdrawElement extends ElementRule {
  value: string;
}

/**
 * The method shown: the one the player tapped, else one they saved an account for (offered again on every visit),
 * else the first.
 */
export function withdrawMethodOf<M extends WithdrawMethod>(methods: readonly M[], chosen: string | undefined): M | undefined {
  return methods.find((entry) => entry.channel.key === chosen) ?? methods.find((entry) => entry.saved === 1) ?? methods[0];
}

/** The form's values: the player's edits over the saved account; a select with one option has it chosen already. */
export function withdrawValuesOf(fields: readonly WithdrawElement[], edits: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields)
    values[field.name] = edits?.[field.name] ?? (field.value || (field.kind === 'select' && field.options.length === 1 ? field.options[0]! : ''));
  return values;
}

/** Each field's problem before sending (documents by their type, a Pix key by its type); empty when all pass. */
export function withdrawFieldProblems(fields: readonly WithdrawElement[], values: Readonly<Record<string, string>>): Record<string, ElementProblem> {
  const problems: Record<string, ElementProblem> = {};
  for (const field of fields) {
    const problem = elementProblem(field, values[field.name] ?? '', values.document_type, values.pix_key_type);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** Whether the account must be saved before the payout: a new account, or one the player changed. */
export function withdrawNeedsSave(method: WithdrawMethod, fields: readonly WithdrawElement[], values: Readonly<Record<string, string>>): boolean {
  return method.saved !== 1 || fields.some((field) => values[field.name] !== field.value);
}

/** Identity fields shown masked on the saved account card: enough to recognise, not to copy. */
const MASKED_FIELDS = new Set(['document', 'account_number', 'clabe', 'pix_key', 'phone', 'address', 'ifsc']);

/** `•••• 4321`: the last four characters of a value kept, the rest hidden (short values stay whole). */
export function maskTail(value: string): string {
  return value.length <= 4 ? value : `•••• ${value.slice(-4)}`;
}

/**
 * The saved account offered on the method (spec §5: the player's own account, saved once): each saved field with
 * its value, identity numbers masked. Undefined when nothing is saved for the method.
 */
export function savedAccountLines(method: WithdrawMethod, fields: readonly WithdrawElement[]): { name: string; value: string }[] | undefined {
  if (method.saved !== 1) return undefined;
  const lines = fields
    .filter((field) => field.value !== '')
    .map((field) => ({ name: field.name, value: MASKED_FIELDS.has(field.name) ? maskTail(field.value) : field.value }));
  return lines.length > 0 ? lines : undefined;
}

export type WithdrawAmountError =
  | { key: 'payments.deposit.amountInvalid' }
  | { key: 'payments.withdraw.amountBelowMin'; amountMinor: number }
  | { key: 'payments.withdraw.amountAboveWithdrawable'; amountMinor: number }
  | { key: 'payments.deposit.amountAboveMax'; amountMinor: number };

export interface WithdrawAmountView {
  amountMinor: number | undefined;
  problem: AmountProblem | undefined;
  limits: { minMinor: number; maxMinor: number };
  amountError: WithdrawAmountError | undefined;
  /** The method's fee and the jurisdiction's tax (Kenya 5 %) on a valid amount, as the server computes them. */
  feeMinor: number;
  taxMinor: number;
  netMinor: number;
  /** "Withdraw all": the withdrawable money in whole units of the currency (no hundredths of a dong). */
  allMinor: number;
}

/**
 * The amount of a withdrawal: parsed in the currency's own decimals, checked against the method's minimum and the
 * smaller of its maximum and the withdrawable money (the message says which), with the fee and tax it carries.
 */
export function withdrawAmountView(account: WithdrawAccount, channel: WithdrawChannel, amountText: string, submitted: boolean): WithdrawAmountView {
  const amountMinor = amountMinorParse(amountText, 2, amountFractionDigitsOf(channel.currency));
  const limits = { minMinor: channel.min_amount, maxMinor: Math.min(channel.max_amount, account.withdrawable) };
  const problem = amountProblem(amountMinor, limits);
  // A whole dong or peso where the currency has no minor units: the server pays and charges fees in those.
  const stepMinor = isCurrencyCode(channel.currency) ? currencyStepMinor(channel.currency) : 1;
  const valid = amountMinor !== undefined && !problem;
  const feeMinor = valid ? withdrawalFeeMinor(amountMinor, channel.fee_cap, channel.fee_rate_bp, stepMinor) : 0;
  const taxMinor = valid ? withdrawalTaxMinor({ withdrawalTaxBp: account.withdrawal_tax_bp }, amountMinor, stepMinor) : 0;
  const amountError: WithdrawAmountError | undefined =
    (submitted || amountText !== '') && problem
      ? problem === 'invalid'
        ? { key: 'payments.deposit.amountInvalid' }
        : problem === 'belowMin'
          ? { key: 'payments.withdraw.amountBelowMin', amountMinor: limits.minMinor }
          : account.withdrawable < channel.max_amount
            ? { key: 'payments.withdraw.amountAboveWithdrawable', amountMinor: account.withdrawable }
            : { key: 'payments.deposit.amountAboveMax', amountMinor: limits.maxMinor }
      : undefined;
  return {
    amountMinor,
    problem,
    limits,
    amountError,
    feeMinor,
    taxMinor,
    netMinor: valid ? amountMinor - feeMinor - taxMinor : 0,
    allMinor: Math.floor(account.withdrawable / stepMinor) * stepMinor,
  };
}
