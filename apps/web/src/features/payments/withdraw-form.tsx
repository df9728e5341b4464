import { ApiError, type PayoutOrder } from '@piranha/contract';
import { minorUnits } from '@piranha/domain';
import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { elementProblemOfIssue } from './account-element-check.ts';
import { AccountElementsForm, SavedAccountCard, useProblemText } from './account-elements-form.tsx';
import { amountMinorText, moneyText } from '../../shared/money/money.ts';
import { AmountField } from './amount-field.tsx';
import {
  useAccountElementsQuery,
  useAccountElementsSetMutation,
  useBankCodesQuery,
  usePayoutAccountQuery,
  usePayoutOrderCreateMutation,
} from './api/withdraw.ts';
import { useIdempotencyKey } from './idempotency-key.ts';
import { PaymentError, paymentErrorField } from './payment-error.tsx';
import { MethodIcon } from './method-icon.tsx';
import { isTouristPayoutRefusal, TouristWithdrawNotice } from './tourist-withdraw-notice.tsx';
import styles from './payments.module.css';
import { savedAccountLines, withdrawAmountView, withdrawFieldProblems, withdrawMethodOf, withdrawNeedsSave, withdrawValuesOf } from './withdraw-model.ts';
import listCard from '../../shared/ui/list-card.module.css';

/**
 * A withdrawal (spec §5 and issue 6): the withdrawable money (balance less locked bonus and pending payouts),
 * the method, the player's own payout account for it (saved before any payout, validated per field), the
 * amount with its fee and what arrives. Saving the account and creating the payout each carry an Idempotency-Key.
 */
export function WithdrawForm({ onCreated, saveEmailTo }: { onCreated: (order: PayoutOrder) => void; saveEmailTo: string }) {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const account = usePayoutAccountQuery(uid);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const methods = account.data?.methods ?? [];
  const method = withdrawMethodOf(methods, chosen);
  const channelKey = method?.channel.key ?? '';
  const elements = useAccountElementsQuery(uid, channelKey);
  const needsBanks = elements.data?.elements.some((element) => element.name === 'bank_code' && element.options.length === 0) ?? false;
  const banks = useBankCodesQuery(channelKey, needsBanks);
  const [edits, setEdits] = useState<Record<string, Record<string, string>>>({});
  const [amountText, setAmountText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ field: string; text: string } | undefined>(undefined);
  // A saved account is offered as a card; the fields open when the player chooses to change it (per method).
  const [editing, setEditing] = useState<Record<string, boolean>>({});
  const save = useAccountElementsSetMutation(uid);
  const create = usePayoutOrderCreateMutation(uid);
  const saveKey = useIdempotencyKey();
  const payoutKey = useIdempotencyKey();
  const problemText = useProblemText();

  if (account.isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={96} />
        <Skeleton height={76} />
        <Skeleton height={48} />
        <Skeleton height={48} />
      </div>
    );
  }
  if (account.isError || !account.data || !method) {
    return (
      <EmptyState
        icon={<Landmark size={28} />}
        title={account.isError ? t('payments.withdraw.loadFailed') : t('payments.withdraw.noMethods')}
        onRefresh={() => void account.refetch()}
        refreshing={account.isFetching}
      />
    );
  }

  const data = account.data;
  const channel = method.channel;
  const money = (minor: number) => moneyText(minor, data.currency, i18n.language);
  const fields = elements.data?.elements ?? [];
  // What the form shows and sends is worked out by withdraw-model.ts (pure, unit-tested): the saved account over
  // which the player's edits sit, each field's problem, the amount with its fee and tax.
  const values = withdrawValuesOf(fields, edits[channelKey]);
  const fieldProblems = withdrawFieldProblems(fields, values);
  const problems: Record<string, string | undefined> = {};
  if (submitted) for (const [name, problem] of Object.entries(fieldProblems)) problems[name] = problemText(name, problem);
  if (serverProblem) problems[serverProblem.field] ??= serverProblem.text;
  const saved = savedAccountLines(method, fields);
  const showFields = !saved || editing[channelKey] === true || Object.keys(problems).some((name) => problems[name]);
  const amount = withdrawAmountView(data, channel, amountText, submitted);
  const { amountMinor, problem, limits, feeMinor, taxMinor, allMinor } = amount;
  const taxRate = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 }).format(data.withdrawal_tax_bp / 10_000);
  const amountError = amount.amountError
    ? 'amountMinor' in amount.amountError
      ? t(amount.amountError.key, { amount: money(amount.amountError.amountMinor) })
      : t(amount.amountError.key)
    : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerProblem(undefined);
    if (Object.keys(fieldProblems).length > 0 || amountMinor === undefined || problem) return;
    if (withdrawNeedsSave(method, fields, values)) {
      const request = { channel: channelKey, elements: values };
      try {
        await save.mutateAsync({ ...request, idempotencyKey: saveKey.keyFor(request) });
        saveKey.done();
      } catch (error) {
        const field = paymentErrorField(error);
        if (field && error instanceof ApiError && fields.some((entry) => entry.name === field))
          setServerProblem({ field, text: problemText(field, elementProblemOfIssue((error.data as { issue?: unknown } | undefined)?.issue)) });
        return;
      }
      setEdits((current) => ({ ...current, [channelKey]: {} }));
      setEditing((current) => ({ ...current, [channelKey]: false }));
    }
    const request = { channel: channelKey, amount: amountMinor, currency: channel.currency };
    create.mutate(
      { ...request, idempotencyKey: payoutKey.keyFor(request) },
      {
        onSuccess: (order) => {
          payoutKey.done();
          onCreated(order);
        },
      },
    );
  };

  const saveError = save.error instanceof ApiError && serverProblem ? undefined : save.error;
  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <section className={styles.card} aria-label={t('payments.withdraw.figures')}>
        <div className={styles.figures}>
          <div className={styles.figure}>
            <span className={styles.figureLabel}>{t('payments.withdraw.withdrawable')}</span>
            <span className={`${styles.figureValue} ${styles.figureStrong}`} data-testid="withdrawable">
              {money(data.withdrawable)}
            </span>
          </div>
          <div className={styles.figure}>
            <span className={styles.figureLabel}>{t('payments.withdraw.balance')}</span>
            <span className={styles.figureValue}>{money(data.balance)}</span>
          </div>
        </div>
        {data.locked_bonus > 0 || data.pending_payout > 0 ? (
          <dl className={styles.rows}>
            {data.locked_bonus > 0 ? (
              <>
                <dt>{t('payments.withdraw.lockedBonus')}</dt>
                <dd>{money(data.locked_bonus)}</dd>
              </>
            ) : null}
            {data.pending_payout > 0 ? (
              <>
                <dt>{t('payments.withdraw.pendingPayout')}</dt>
                <dd>{money(data.pending_payout)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </section>

      <section className={styles.section}>
        <h2 className={listCard.sectionTitle} id="withdraw-methods">
          {t('payments.withdraw.method')}
        </h2>
        <div className={styles.methods} role="radiogroup" aria-labelledby="withdraw-methods">
          {methods.map((entry) => (
            <button
              key={entry.channel.key}
              type="button"
              role="radio"
              aria-checked={entry.channel.key === channelKey}
              className={styles.method}
              onClick={() => {
                setChosen(entry.channel.key);
                setServerProblem(undefined);
                setSubmitted(false);
              }}
            >
              <MethodIcon src={entry.channel.icon} />
              {entry.channel.name}
              {entry.saved === 1 ? <span className={styles.savedTag}>{t('payments.withdraw.savedTag')}</span> : null}
            </button>
          ))}
        </div>
      </section>

      <section className={styles.card} aria-label={t('payments.withdraw.account')}>
        <h2 className={listCard.sectionTitle}>{t('payments.withdraw.account')}</h2>
        {elements.isPending ? (
          <Skeleton height={120} />
        ) : saved && !showFields ? (
          <SavedAccountCard
            lines={saved}
            banks={new Map((banks.data?.banks ?? []).map((bank) => [bank.code, bank.name]))}
            onChange={() => setEditing((current) => ({ ...current, [channelKey]: true }))}
          />
        ) : (
          <AccountElementsForm
            elements={fields}
            values={values}
            problems={problems}
            banks={new Map((banks.data?.banks ?? []).map((bank) => [bank.code, bank.name]))}
            onValue={(name, value) => {
              setServerProblem(undefined);
              setEdits((current) => ({ ...current, [channelKey]: { ...current[channelKey], [name]: value } }));
            }}
          />
        )}
        <p className={styles.hint}>{t('payments.withdraw.ownAccount')}</p>
      </section>

      <AmountField
        label={t('payments.withdraw.amount')}
        currency={data.currency}
        text={amountText}
        onText={setAmountText}
        quickAmounts={[]}
        hint={
          data.withdrawable === 0
            ? t('payments.withdraw.nothing')
            : data.withdrawal_tax_bp > 0
              ? t('payments.withdraw.taxNote')
              : feeMinor > 0 && amountMinor
                ? t('payments.withdraw.feeLine', { fee: money(feeMinor), net: money(amountMinor - feeMinor) })
                : t('payments.withdraw.limits', { min: money(limits.minMinor), max: money(limits.maxMinor) })
        }
        error={amountError}
      />
      {allMinor > 0 ? (
        <Button variant="ghost" compact onClick={() => setAmountText(amountMinorText(minorUnits(allMinor)))}>
          {t('payments.withdraw.all', { amount: money(allMinor) })}
        </Button>
      ) : null}
      {data.withdrawal_tax_bp > 0 && amountMinor && !problem ? (
        <section className={styles.card} aria-label={t('payments.withdraw.breakdownTitle')} data-testid="withdraw-breakdown">
          <h2 className={listCard.sectionTitle}>{t('payments.withdraw.breakdownTitle')}</h2>
          <dl className={styles.rows}>
            <dt>{t('payments.withdraw.breakdownGross')}</dt>
            <dd>{money(amountMinor)}</dd>
            {feeMinor > 0 ? (
              <>
                <dt>{t('payments.withdraw.breakdownFee')}</dt>
                <dd>− {money(feeMinor)}</dd>
              </>
            ) : null}
            <dt>{t('payments.withdraw.breakdownTax', { rate: taxRate })}</dt>
            <dd>− {money(taxMinor)}</dd>
            <dt>{t('payments.withdraw.breakdownNet')}</dt>
            <dd data-testid="withdraw-net">
              <strong>{money(amount.netMinor)}</strong>
            </dd>
          </dl>
        </section>
      ) : null}

      <PaymentError error={saveError} />
      {isTouristPayoutRefusal(create.error) ? <TouristWithdrawNotice saveEmailTo={saveEmailTo} /> : <PaymentError error={create.error} />}
      <Button type="submit" block disabled={save.isPending || create.isPending} aria-busy={save.isPending || create.isPending}>
        {amountMinor && !problem ? t('payments.withdraw.submitAmount', { amount: money(amountMinor) }) : t('payments.withdraw.submit')}
      </Button>
    </form>
  );
}
