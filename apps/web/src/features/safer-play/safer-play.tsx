import { ApiError, ERRORS } from '@piranha/contract';
import { intlLocaleOf, isRealityCheckMinutes, REALITY_CHECK_MINUTES, TIME_LIMIT_PERIOD } from '@piranha/domain';
import { Download, ExternalLink, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TFunction } from '../../shared/i18n/translate.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { amountFractionDigitsOf, amountMinorParse, moneyText } from '../../shared/money/money.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import {
  useSaferBlockMutation,
  useSaferLimitMutation,
  useSaferStateQuery,
  useSaferStatementQuery,
  type SaferLimit,
  type SaferState,
} from './safer-play-api.ts';
import { statementCsv } from './statement-csv.ts';
import { minutesParse } from './time-limit.ts';
import { realityMinutesChoose, realityMinutesChosen } from './reality-check.tsx';
import { saferResetText } from '../../shared/api/safer-refusal.ts';
import { IdentityCheck } from './identity-check.tsx';
import { LIMIT_CURRENCY_PARAM, LIMIT_KIND_PARAM, LIMIT_REQUIRED_RETURN } from '../../shared/safer-play/limit-required.tsx';
import { navigateTo, useSearchParams } from '../../shared/router/router.tsx';
import styles from './safer-play.module.css';

const KINDS = ['deposit', 'loss', 'wager', 'time'] as const;
const PERIODS = ['day', 'week', 'month'] as const;
const TIME_OUT_HOURS = [24, 72, 168, 336, 1008] as const;
const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60, 'permanent'] as const;

function useDateTime(): (seconds: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (seconds) => format.format(new Date(seconds * 1000));
}

/** The server's translated refusal with when it resets; a call that never got an answer gets the generic text. */
function errorText(error: unknown, t: TFunction, language: string): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError) || error.dmError === ERRORS.INTERNAL.code || !error.errorMsg) return t('toast.abnormal');
  const reset = saferResetText(error, t, language);
  return reset ? `${error.errorMsg} ${reset}` : error.errorMsg;
}

/** The brand's currencies: more than one on a multi-currency brand, which keeps a limit per currency (decision 065). */
function brandCurrencies(): readonly string[] {
  const variant = variantCurrent();
  return variant.currencies.length > 0 ? variant.currencies : [variant.currency];
}

/** The name of a limit row: a play-time limit has only a daily one; on a multi-currency brand a money limit names its currency. */
function limitName(limit: SaferLimit, t: TFunction): string {
  if (limit.kind === 'time') return t('saferPlay.limitName.time.day');
  const name = t(`saferPlay.limitName.${limit.kind}.${limit.period}`);
  return brandCurrencies().length > 1 ? t('saferPlay.limitInCurrency', { name, currency: limit.currency }) : name;
}

/** The row's test id: the brand's own currency keeps the plain one; a second currency's row adds it. */
function limitTestId(limit: SaferLimit): string {
  const plain = `limit-${limit.kind}-${limit.period}`;
  return limit.kind === 'time' || limit.currency === variantCurrent().currency ? plain : `${plain}-${limit.currency}`;
}

function LimitRow({ limit, uid }: { limit: SaferLimit; uid: number }) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const remove = useSaferLimitMutation(uid);
  const money = (amount: number) => moneyText(amount, limit.currency, i18n.language);
  // A play-time limit is minutes a day and its usage seconds played (decision 054); the others are money.
  const timed = limit.kind === 'time';
  const amountText = (amount: number) => (timed ? t('saferPlay.minutesValue', { minutes: amount }) : money(amount));
  const usedText = (amount: number) =>
    timed
      ? t('saferPlay.timeUsed', { used: Math.floor(limit.used / 60), limit: amount, when: dateTime(limit.reset_time) })
      : t('saferPlay.used', { used: money(limit.used), when: dateTime(limit.reset_time) });
  return (
    <li className={styles.limit} data-testid={limitTestId(limit)}>
      <div className={styles.limitText}>
        <span className={styles.limitTitle}>{limitName(limit, t)}</span>
        {limit.amount === null ? (
          <span className={styles.meta}>{t('saferPlay.noLimit')}</span>
        ) : (
          <>
            <span className={styles.amount}>{amountText(limit.amount)}</span>
            <span className={styles.meta}>{usedText(limit.amount)}</span>
          </>
        )}
        {limit.pending ? (
          <span className={styles.pending} data-testid="limit-pending">
            {limit.pending.amount === null
              ? t('saferPlay.pendingRemoval', { when: dateTime(limit.pending.apply_time) })
              : timed
                ? t('saferPlay.pendingRaiseMinutes', { minutes: limit.pending.amount, when: dateTime(limit.pending.apply_time) })
                : t('saferPlay.pendingRaise', { amount: money(limit.pending.amount), when: dateTime(limit.pending.apply_time) })}
          </span>
        ) : null}
        {remove.error ? (
          <span className={styles.error} role="alert">
            {errorText(remove.error, t, i18n.language)}
          </span>
        ) : null}
      </div>
      {limit.amount !== null && !(limit.pending && limit.pending.amount === null) ? (
        <Button
          variant="ghost"
          compact
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate({ kind: limit.kind, period: limit.period, amount: null, ...(limit.kind === 'time' ? {} : { currency: limit.currency }) })
          }
        >
          {t('saferPlay.remove')}
        </Button>
      ) : null}
    </li>
  );
}

function LimitForm({ uid, state }: { uid: number; state: SaferState }) {
  const { t, i18n } = useTranslation();
  // A limit binds one currency: the brand's own, or on a multi-currency brand the one picked (decision 065).
  const currencies = brandCurrencies();
  // Sent here by a refusal — the law's limit not set (decision 057), or a limit kept in another currency (065), which
  // names the kind and currency: the form opens on them, and once the limit is set, back to the deposit, bet or game.
  const [search] = useSearchParams();
  const returnAfter = search.get(LIMIT_REQUIRED_RETURN) === '1';
  const askedKind = KINDS.find((entry) => entry === search.get(LIMIT_KIND_PARAM));
  const askedCurrency = currencies.find((entry) => entry === search.get(LIMIT_CURRENCY_PARAM));
  const [picked, setPicked] = useState<string>(askedCurrency ?? variantCurrent().currency);
  const [kind, setKind] = useState<(typeof KINDS)[number]>(askedKind ?? (state.mandatory_limits[0] as (typeof KINDS)[number] | undefined) ?? 'deposit');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('day');
  const [amountText, setAmountText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const save = useSaferLimitMutation(uid);
  // A play-time limit is whole minutes, and per day only.
  const timed = kind === 'time';
  const currency = timed ? variantCurrent().currency : picked;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = timed ? minutesParse(amountText) : amountMinorParse(amountText, 2, amountFractionDigitsOf(currency));
    if (amount === undefined || amount <= 0) {
      setInvalid(true);
      return;
    }
    save.mutate(
      { kind, period: timed ? TIME_LIMIT_PERIOD : period, amount, ...(timed ? {} : { currency }) },
      {
        onSuccess: (next) => {
          setAmountText('');
          toastShow({ kind: 'success', text: t('saferPlay.saved') });
          if (returnAfter && next.mandatory_limits.every((required) => next.limits.some((limit) => limit.kind === required && limit.amount !== null)))
            navigateTo(-1);
        },
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.selects}>
        <label className={styles.select}>
          <span>{t('saferPlay.kindLabel')}</span>
          <select
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as (typeof KINDS)[number]);
              setInvalid(false);
              save.reset();
            }}
            data-testid="limit-kind"
          >
            {KINDS.map((entry) => (
              <option key={entry} value={entry}>
                {t(`saferPlay.kind.${entry}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.select}>
          <span>{t('saferPlay.periodLabel')}</span>
          <select
            value={timed ? TIME_LIMIT_PERIOD : period}
            disabled={timed}
            onChange={(event) => setPeriod(event.target.value as (typeof PERIODS)[number])}
            data-testid="limit-period"
          >
            {PERIODS.map((entry) => (
              <option key={entry} value={entry}>
                {t(`saferPlay.period.${entry}`)}
              </option>
            ))}
          </select>
        </label>
        {currencies.length > 1 && !timed ? (
          <label className={styles.select}>
            <span>{t('saferPlay.currencyLabel')}</span>
            <select
              value={picked}
              onChange={(event) => {
                setPicked(event.target.value);
                setInvalid(false);
                save.reset();
              }}
              data-testid="limit-currency"
            >
              {currencies.map((entry) => (
                <option key={entry} value={entry}>
                  {entry}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <TextField
        label={timed ? t('saferPlay.minutesLabel') : t('saferPlay.amountLabel', { currency })}
        value={amountText}
        inputMode={timed ? 'numeric' : 'decimal'}
        data-testid="limit-amount"
        onChange={(event) => {
          setAmountText(event.target.value);
          setInvalid(false);
          save.reset();
        }}
        error={invalid ? t(timed ? 'saferPlay.minutesInvalid' : 'saferPlay.amountInvalid') : errorText(save.error, t, i18n.language)}
      />
      {timed ? <p className={styles.hint}>{t('saferPlay.timeHint')}</p> : null}
      {currencies.length > 1 && !timed ? <p className={styles.hint}>{t('saferPlay.currencyHint')}</p> : null}
      <p className={styles.hint}>{t('saferPlay.coolingHint', { hours: state.cooling_hours })}</p>
      <Button type="submit" block disabled={save.isPending} aria-busy={save.isPending} data-testid="limit-save">
        {t('saferPlay.save')}
      </Button>
    </form>
  );
}

type Hours = (typeof TIME_OUT_HOURS)[number];
type Months = (typeof SELF_EXCLUSION_MONTHS)[number];
type BlockChoice = { kind: 'time_out'; hours: Hours } | { kind: 'self_exclusion'; months: Months };

function BlockForms({ uid, state }: { uid: number; state: SaferState }) {
  const { t, i18n } = useTranslation();
  const [hours, setHours] = useState<Hours>(24);
  const [months, setMonths] = useState<Months>(6);
  const [confirming, setConfirming] = useState<BlockChoice | undefined>();
  const block = useSaferBlockMutation(uid);
  const durationText = (choice: BlockChoice) =>
    choice.kind === 'time_out'
      ? t(`saferPlay.timeOutOption.${choice.hours}`)
      : choice.months === 'permanent'
        ? t('saferPlay.permanent')
        : t(`saferPlay.selfExclusionOption.${choice.months}`);
  const confirm = () => {
    if (!confirming) return;
    const body =
      confirming.kind === 'time_out'
        ? { kind: 'time_out' as const, hours: confirming.hours, confirm: 1 as const }
        : { kind: 'self_exclusion' as const, months: confirming.months, confirm: 1 as const };
    block.mutate(body, { onSuccess: () => setConfirming(undefined) });
  };
  return (
    <>
      <section className={styles.section}>
        <h2 className={styles.heading}>{t('saferPlay.timeOutTitle')}</h2>
        <p className={styles.body}>{t('saferPlay.timeOutBody')}</p>
        <label className={styles.select}>
          <span>{t('saferPlay.durationLabel')}</span>
          <select value={hours} onChange={(event) => setHours(Number(event.target.value) as Hours)} data-testid="time-out-hours">
            {TIME_OUT_HOURS.map((entry) => (
              <option key={entry} value={entry}>
                {t(`saferPlay.timeOutOption.${entry}`)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="ghost" block onClick={() => setConfirming({ kind: 'time_out', hours })} data-testid="time-out-start">
          {t('saferPlay.timeOutStart')}
        </Button>
      </section>
      <section className={styles.section}>
        <h2 className={styles.heading}>{t('saferPlay.selfExclusionTitle')}</h2>
        <p className={styles.body}>{t('saferPlay.selfExclusionBody')}</p>
        <label className={styles.select}>
          <span>{t('saferPlay.durationLabel')}</span>
          <select
            value={String(months)}
            onChange={(event) => setMonths(event.target.value === 'permanent' ? 'permanent' : (Number(event.target.value) as Months))}
            data-testid="self-exclusion-months"
          >
            {SELF_EXCLUSION_MONTHS.map((entry) => (
              <option key={entry} value={entry}>
                {entry === 'permanent' ? t('saferPlay.permanent') : t(`saferPlay.selfExclusionOption.${entry}`)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="ghost" block onClick={() => setConfirming({ kind: 'self_exclusion', months })} data-testid="self-exclusion-start">
          {t('saferPlay.selfExclusionStart')}
        </Button>
        {state.national_self_exclusion_url ? (
          <a className={styles.external} href={state.national_self_exclusion_url} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={18} aria-hidden="true" />
            {t('saferPlay.nationalService')}
          </a>
        ) : null}
      </section>
      {confirming ? (
        <Sheet title={t('saferPlay.confirmTitle')} onClose={() => (block.isPending ? undefined : setConfirming(undefined))}>
          <div className={styles.confirm}>
            <p>
              {confirming.kind === 'self_exclusion' && confirming.months === 'permanent'
                ? t('saferPlay.confirmSelfExclusionPermanent')
                : t(confirming.kind === 'time_out' ? 'saferPlay.confirmTimeOut' : 'saferPlay.confirmSelfExclusion', { duration: durationText(confirming) })}
            </p>
            <p className={styles.meta}>{t('saferPlay.confirmStill')}</p>
            {block.error ? (
              <p className={styles.error} role="alert">
                {errorText(block.error, t, i18n.language)}
              </p>
            ) : null}
            <Button block disabled={block.isPending} aria-busy={block.isPending} onClick={confirm} data-testid="block-confirm">
              {t('saferPlay.confirmYes')}
            </Button>
            <Button variant="ghost" block disabled={block.isPending} onClick={() => setConfirming(undefined)}>
              {t('saferPlay.confirmNo')}
            </Button>
          </div>
        </Sheet>
      ) : null}
    </>
  );
}

function BlockStatus({ block }: { block: NonNullable<SaferState['block']> }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const until = block.end_time === 0 ? t('saferPlay.permanent') : dateTime(block.end_time);
  return (
    <div className={styles.status} role="status" data-testid="block-status">
      <ShieldCheck size={22} aria-hidden="true" />
      <div>
        <p className={styles.statusTitle}>{t(block.kind === 'time_out' ? 'saferPlay.timedOutUntil' : 'saferPlay.excludedUntil', { until })}</p>
        <p className={styles.meta}>{t('saferPlay.confirmStill')}</p>
      </div>
    </div>
  );
}

/** How often the reality check comes: the player's choice on this device, else the jurisdiction's. */
function RealityInterval({ uid, fallback }: { uid: number; fallback: number }) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState<number>(() => realityMinutesChosen(uid) ?? fallback);
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{t('saferPlay.realityTitle')}</h2>
      <label className={styles.select}>
        <span>{t('saferPlay.realityEvery')}</span>
        <select
          value={minutes}
          data-testid="reality-minutes"
          onChange={(event) => {
            const next = Number(event.target.value);
            if (!isRealityCheckMinutes(next)) return;
            realityMinutesChoose(uid, next);
            setMinutes(next);
          }}
        >
          {REALITY_CHECK_MINUTES.map((entry) => (
            <option key={entry} value={entry}>
              {t(`saferPlay.realityOption.${entry}`)}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

const STATEMENT_DAYS = ['7', '30', '90'] as const;

/** Deposits, withdrawals, stakes, returns and the net result of the last days, on screen and as a CSV file. */
function Statement({ uid }: { uid: number }) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<(typeof STATEMENT_DAYS)[number]>('30');
  const { data, error, isFetching, refetch } = useSaferStatementQuery(uid, days);
  const money = (amount: number) => moneyText(amount, data?.currency ?? variantCurrent().currency, i18n.language);
  const total = (pick: (day: NonNullable<typeof data>['days'][number]) => number) => (data?.days ?? []).reduce((sum, day) => sum + pick(day), 0);
  const download = () => {
    if (!data) return;
    const header = (['date', 'currency', 'deposits', 'withdrawals', 'stakes', 'returns', 'net', 'withheld'] as const).map((column) =>
      t(`saferPlay.statementColumn.${column}`),
    );
    const blob = new Blob([statementCsv(data, header, t('saferPlay.statementTotal'))], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `statement-${days}d.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{t('saferPlay.statementTitle')}</h2>
      <label className={styles.select}>
        <span>{t('saferPlay.statementPeriod')}</span>
        <select value={days} onChange={(event) => setDays(event.target.value as (typeof STATEMENT_DAYS)[number])} data-testid="statement-days">
          {STATEMENT_DAYS.map((entry) => (
            <option key={entry} value={entry}>
              {t(`saferPlay.statementDays.${entry}`)}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <>
          <p className={styles.error} role="alert">
            {errorText(error, t, i18n.language)}
          </p>
          <Button variant="ghost" onClick={() => void refetch()} disabled={isFetching}>
            {t('saferPlay.retry')}
          </Button>
        </>
      ) : !data ? (
        <Skeleton height={120} />
      ) : data.days.length === 0 ? (
        <p className={styles.meta}>{t('saferPlay.statementEmpty')}</p>
      ) : (
        <>
          <dl className={styles.totals} data-testid="statement-totals">
            {(
              ['deposits', 'withdrawals', 'stakes', 'returns', 'net', ...(data.days.some((day) => day.withheld !== 0) ? (['withheld'] as const) : [])] as const
            ).map((column) => (
              <div key={column}>
                <dt>{t(`saferPlay.statementColumn.${column}`)}</dt>
                <dd>{money(total((day) => day[column]))}</dd>
              </div>
            ))}
          </dl>
          <Button variant="ghost" block onClick={download} data-testid="statement-download">
            <Download size={18} aria-hidden="true" />
            {t('saferPlay.statementDownload')}
          </Button>
        </>
      )}
    </section>
  );
}

/** The "Safer play" area of /setting (issue 20, decision 027): what the server enforces, explained and set. */
export function SaferPlay({ uid }: { uid: number }) {
  const { t, i18n } = useTranslation();
  const { data, error, refetch, isFetching } = useSaferStateQuery(uid);
  if (error)
    return (
      <div className={styles.page}>
        <p className={styles.error} role="alert">
          {errorText(error, t, i18n.language)}
        </p>
        <Button variant="ghost" onClick={() => void refetch()} disabled={isFetching}>
          {t('saferPlay.retry')}
        </Button>
      </div>
    );
  if (!data)
    return (
      <div className={styles.page}>
        <Skeleton height={120} />
        <Skeleton height={220} />
      </div>
    );
  const missing = data.mandatory_limits.filter((kind) => !data.limits.some((limit) => limit.kind === kind && limit.amount !== null));
  return (
    <div className={styles.page}>
      <p className={styles.body}>{t('saferPlay.intro')}</p>
      {data.block ? <BlockStatus block={data.block} /> : null}
      {missing.length > 0 ? (
        <p className={styles.notice} role="note">
          {t('saferPlay.mandatory', { kinds: missing.map((kind) => t(`saferPlay.kind.${kind}`)).join(', ') })}
        </p>
      ) : null}
      <section className={styles.section}>
        <h2 className={styles.heading}>{t('saferPlay.limitsTitle')}</h2>
        {data.limits.length > 0 ? (
          <ul className={styles.card}>
            {data.limits.map((limit) => (
              <LimitRow key={`${limit.kind}-${limit.period}`} limit={limit} uid={uid} />
            ))}
          </ul>
        ) : (
          <p className={styles.meta}>{t('saferPlay.limitsEmpty')}</p>
        )}
        <LimitForm uid={uid} state={data} />
      </section>
      <BlockForms uid={uid} state={data} />
      <IdentityCheck uid={uid} />
      <RealityInterval uid={uid} fallback={data.reality_check_minutes} />
      <Statement uid={uid} />
    </div>
  );
}
