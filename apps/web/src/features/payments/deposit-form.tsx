import type { PayChannel, PayinOrder } from '@piranha/contract';
import { Gift, Wallet } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { currencyCurrent } from '../../shared/variant/currency-choice.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { moneyText } from '../../shared/money/money.ts';
import { AmountField } from './amount-field.tsx';
import { useDepositInfoQuery, usePayinOrderCreateMutation, usePayinRecommendQuery, type CurrencyKind } from './api/deposit.ts';
import { useDepositCode } from './deposit-code.tsx';
import { depositChannelOf, depositCurrencyOf, depositView } from './deposit-model.ts';
import { useIdempotencyKey } from './idempotency-key.ts';
import { PaymentError } from './payment-error.tsx';
import { MethodIcon } from './method-icon.tsx';
import styles from './payments.module.css';
import { track } from '../../shared/tracking/track.ts';
import { useTelegramMainButton } from '../../shared/telegram/telegram-webapp.ts';
import listCard from '../../shared/ui/list-card.module.css';
import segmented from '../../shared/ui/segmented.module.css';

export interface DepositFormProps {
  /** Where the switch starts: crypto for rechargeChannel=USDT and crypto brands. */
  initialKind: CurrencyKind;
  /** The USDT page has no fiat side. */
  kindLocked?: boolean;
  /** The shell shows its own loading (noSke=1). */
  noSkeleton?: boolean;
  onCreated: (order: PayinOrder) => void;
}

/**
 * The deposit: fiat or crypto, the method (from getDepositInfo), the amount with quick amounts, the minimum and
 * what is left of today's maximum, the bonus a first deposit unlocks, and the method's own inputs (an M-Pesa
 * phone, a crypto network). Creating the order carries one Idempotency-Key per request.
 */
export function DepositForm({ initialKind, kindLocked = false, noSkeleton = false, onCreated }: DepositFormProps) {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [kind, setKind] = useState<CurrencyKind>(initialKind);
  const variant = variantCurrent();
  // Multi-currency brands hold several local currencies: the fiat side opens on the wallet's own one if it is
  // local, else on the brand's first local currency, and offers the others as chips.
  const fiatCurrencies: readonly string[] = variant.currencies.filter((code) => code !== 'USDT');
  const walletCurrency = currencyCurrent();
  const [fiatCurrency, setFiatCurrency] = useState<string | undefined>(fiatCurrencies.includes(walletCurrency) ? walletCurrency : fiatCurrencies[0]);
  const info = useDepositInfoQuery(uid, kind, fiatCurrency);
  const recommend = usePayinRecommendQuery(uid);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [amountText, setAmountText] = useState<string | undefined>(undefined);
  const [network, setNetwork] = useState<string | undefined>(undefined);
  const [phone, setPhone] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = usePayinOrderCreateMutation();
  const idempotency = useIdempotencyKey();

  const data = info.data;
  const channels = data?.pay_channel ?? [];
  const allowsCrypto = !kindLocked && (data?.currency_list.some((currency) => currency.currency_type === 2 && currency.enabled === 1) ?? false);
  const currency = data ? depositCurrencyOf(data, depositChannelOf(data, recommend.data, chosen)) : variant.currency;
  const money = (minor: number) => moneyText(minor, currency, i18n.language);
  const code = useDepositCode(currency, money);
  // Everything the form shows and sends is worked out by `depositView` (deposit-model.ts, unit-tested).
  const view = data
    ? depositView(data, recommend.data, { chosenChannel: chosen, amountText, network, phone, payinCode: code.appliedCode, submitted })
    : undefined;
  const channel: PayChannel | undefined = view ? channels.find((entry) => entry.key === view.channel.key) : undefined;
  const amountError = view?.amountError
    ? 'amountMinor' in view.amountError
      ? t(view.amountError.key, { amount: money(view.amountError.amountMinor) })
      : t(view.amountError.key)
    : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const request = view?.request;
    if (!request) return;
    create.mutate(
      { ...request, idempotencyKey: idempotency.keyFor(request) },
      {
        onSuccess: (order) => {
          idempotency.done();
          track('deposit_started', { channel: request.channel, currency: request.currency });
          onCreated(order);
        },
      },
    );
  };

  // In the mini app Telegram's MainButton submits too: the deposit is the page's one primary action.
  const formRef = useRef<HTMLFormElement>(null);
  useTelegramMainButton(
    view && channel ? { text: t('payments.deposit.submit'), busy: create.isPending, run: () => formRef.current?.requestSubmit() } : undefined,
  );

  const switcher =
    allowsCrypto || (kindLocked === false && kind === 'crypto') ? (
      <div className={segmented.switch} role="tablist" aria-label={t('payments.deposit.kind')}>
        {(['fiat', 'crypto'] as const).map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            aria-selected={kind === entry}
            className={segmented.switchTab}
            onClick={() => {
              setKind(entry);
              setChosen(undefined);
              setAmountText(undefined);
            }}
          >
            {t(entry === 'fiat' ? 'payments.deposit.fiat' : 'payments.deposit.crypto')}
          </button>
        ))}
      </div>
    ) : null;

  if (info.isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        {switcher}
        {noSkeleton ? null : (
          <>
            <Skeleton height={80} />
            <Skeleton height={48} />
            <Skeleton height={44} />
            <Skeleton height={48} />
          </>
        )}
      </div>
    );
  }
  if (info.isError || !data || !view || !channel) {
    return (
      <div className={styles.stack}>
        {switcher}
        <EmptyState
          icon={<Wallet size={28} />}
          title={info.isError ? t('payments.deposit.loadFailed') : t('payments.deposit.noMethods')}
          onRefresh={() => void info.refetch()}
          refreshing={info.isFetching}
        />
      </div>
    );
  }

  return (
    <form ref={formRef} className={styles.stack} onSubmit={submit} noValidate>
      {switcher}
      {kind === 'fiat' && fiatCurrencies.length > 1 ? (
        <div className={styles.filters} role="radiogroup" aria-label={t('payments.currency.title')}>
          {fiatCurrencies.map((code) => (
            <button
              key={code}
              type="button"
              role="radio"
              aria-checked={code === fiatCurrency}
              className={styles.filter}
              onClick={() => {
                setFiatCurrency(code);
                setChosen(undefined);
                setAmountText(undefined);
              }}
            >
              {code}
            </button>
          ))}
        </div>
      ) : null}
      <section className={styles.section}>
        <h2 className={listCard.sectionTitle} id="deposit-methods">
          {t('payments.deposit.method')}
        </h2>
        <div className={styles.methods} role="radiogroup" aria-labelledby="deposit-methods">
          {channels.map((entry) => (
            <button
              key={entry.key}
              type="button"
              role="radio"
              aria-checked={entry.key === channel.key}
              className={styles.method}
              onClick={() => {
                setChosen(entry.key);
                setAmountText(undefined);
              }}
            >
              <MethodIcon src={entry.icon} />
              {entry.name}
            </button>
          ))}
        </div>
      </section>

      {view.network ? (
        <section className={styles.section}>
          <h2 className={listCard.sectionTitle} id="deposit-network">
            {t('payments.deposit.network')}
          </h2>
          <div className={styles.chips} role="radiogroup" aria-labelledby="deposit-network">
            {channel.networks.map((entry) => (
              <button key={entry} type="button" role="radio" aria-checked={entry === view.network} className={styles.chip} onClick={() => setNetwork(entry)}>
                {entry}
              </button>
            ))}
          </div>
        </section>
      ) : null}

      <AmountField
        label={t('payments.deposit.amount')}
        currency={view.currency}
        text={view.amountText}
        onText={setAmountText}
        quickAmounts={view.quickAmounts}
        hint={
          view.limits.leftTodayMinor === 0
            ? t('payments.deposit.dailyUsed')
            : t('payments.deposit.limits', { min: money(view.limits.minMinor), max: money(view.limits.maxMinor) })
        }
        error={amountError}
      />

      {view.needsPhone ? (
        <TextField
          label={t('payments.deposit.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('payments.deposit.phonePlaceholder')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={view.phoneError ? t('payments.deposit.phoneMissing') : undefined}
        />
      ) : null}

      {data.is_first_deposit === 1 && data.bonus_max > 0 ? (
        <p className={styles.bonus}>
          <Gift size={20} aria-hidden="true" />
          {t('payments.deposit.bonus', { amount: money(data.bonus_max) })}
        </p>
      ) : null}

      {code.field}

      <PaymentError error={create.error} />
      <Button type="submit" block disabled={create.isPending} aria-busy={create.isPending}>
        {view.amountMinor && !view.problem ? t('payments.deposit.submitAmount', { amount: money(view.amountMinor) }) : t('payments.deposit.submit')}
      </Button>
    </form>
  );
}
