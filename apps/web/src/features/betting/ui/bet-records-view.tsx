import { ApiError, BET_RANGES, type BetRange, type BetRecord } from '@piranha/contract';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { useOddsFormat } from '../../../shared/odds/odds-format-store.ts';
import { oddsText } from '../../../shared/odds/odds.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useBetListQuery, useCashOutAutoMutation, useCashOutMutation, useCashOutPriceQuery } from '../api/betting-api.ts';
import { legStatusKey, pickNameOf, recordMoneyLines, recordStatusKey, type MoneyLineKey } from '../bet-record-model.ts';
import styles from './bet-records.module.css';
import { amountMinorParse, moneyText } from '../../../shared/money/money.ts';

type CashOutOffer = { amt: number; st: number; stake: number; smis: number; auto?: number };

/**
 * Cash-out of an open bet: the whole value, a part of the stake (at least `smis`, leaving at least `smis` riding),
 * and an auto cash-out target the server executes at the first value at or above it.
 */
function CashOutPanel({ record, value, money }: { record: BetRecord; value: CashOutOffer | undefined; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const cashOut = useCashOutMutation();
  const auto = useCashOutAutoMutation();
  const [error, setError] = useState<string>();
  const [part, setPart] = useState<number>();
  const [target, setTarget] = useState('');
  if (!value || value.st === -1) return null;
  const offered = value.st === 1 && value.amt > 0;
  const profit = value.amt - value.stake;
  const failed = (failure: unknown) => setError(failure instanceof ApiError ? failure.errorMsg : t('betting.slip.failed'));
  // A part leaves at least the minimum riding, so the largest part is the stake less the minimum.
  const partMax = value.stake - value.smis;
  const partable = offered && partMax >= value.smis;
  const partStake = Math.min(Math.max(part ?? Math.floor(value.stake / 2), value.smis), partMax);
  const partValue = Math.floor((value.amt * partStake) / value.stake);
  const targetMinor = amountMinorParse(target) || undefined;
  return (
    <div className={styles.cashOutPanel}>
      <div className={styles.cashOut}>
        <Button
          compact
          variant="accent"
          disabled={!offered || cashOut.isPending}
          onClick={() => cashOut.mutate({ orderId: record.id, cashOutStake: value.stake, unitCashOutPayoutStake: value.amt }, { onError: failed })}
        >
          {offered ? t('betting.records.cashOut', { amount: money(value.amt) }) : t('betting.records.cashOutSuspended')}
        </Button>
        {offered ? <span className={profit >= 0 ? styles.profit : styles.loss}>{(profit >= 0 ? '+' : '−') + money(Math.abs(profit))}</span> : null}
      </div>
      {partable ? (
        <div className={styles.cashOutRow}>
          <label className={styles.partLabel}>
            <span>{t('betting.records.partStake', { amount: money(partStake) })}</span>
            <input
              type="range"
              min={value.smis}
              max={partMax}
              step={Math.max(1, Math.floor(value.smis / 10))}
              value={partStake}
              onChange={(event) => setPart(Number(event.target.value))}
              aria-valuetext={money(partStake)}
            />
          </label>
          <Button
            compact
            variant="ghost"
            disabled={cashOut.isPending}
            // The value of a part is priced again on the server from the same odds; it may differ from this
            // estimate by rounding, so the player takes the value of that moment, shown as approximate.
            onClick={() =>
              cashOut.mutate(
                { orderId: record.id, cashOutStake: partStake, unitCashOutPayoutStake: Math.max(partValue, 1), acceptOddsChange: true },
                { onError: failed },
              )
            }
          >
            {t('betting.records.partCashOut', { amount: money(partValue) })}
          </Button>
        </div>
      ) : null}
      <form
        className={styles.cashOutRow}
        onSubmit={(event) => {
          event.preventDefault();
          if (targetMinor === undefined) return setError(t('betting.records.autoInvalid'));
          setError(undefined);
          auto.mutate({ orderId: record.id, targetAmount: targetMinor }, { onError: failed, onSuccess: () => setTarget('') });
        }}
      >
        {value.auto !== undefined ? (
          <>
            <span className={styles.autoArmed}>{t('betting.records.autoArmed', { amount: money(value.auto) })}</span>
            <Button
              compact
              variant="ghost"
              type="button"
              disabled={auto.isPending}
              onClick={() => auto.mutate({ orderId: record.id, targetAmount: 0 }, { onError: failed })}
            >
              {t('betting.records.autoRemove')}
            </Button>
          </>
        ) : (
          <>
            <input
              className={styles.autoInput}
              inputMode="decimal"
              placeholder={t('betting.records.autoPlaceholder')}
              aria-label={t('betting.records.autoPlaceholder')}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            />
            <Button compact variant="ghost" type="submit" disabled={auto.isPending || target.trim() === ''}>
              {t('betting.records.autoSet')}
            </Button>
          </>
        )}
      </form>
      {error ? (
        <span className={styles.loss} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** /bet-record (outstanding) and /bet-history (settled): bets of a range, each with its legs and result. */
export function BetRecordsView({ settled }: { settled: boolean }) {
  const { t, i18n } = useTranslation();
  const oddsFormat = useOddsFormat();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [range, setRange] = useState<BetRange>(settled ? 'last7days' : 'last30days');
  const list = useBetListQuery(uid, settled, range);
  const openIds = settled ? [] : (list.data?.records.filter((record) => record.st === 4).map((record) => record.id) ?? []);
  const prices = useCashOutPriceQuery(openIds);
  const money = (currency: string) => (minor: number) => moneyText(minor, currency, i18n.language);

  const pickLabel = (ty: number, matchName: string): string => {
    const name = pickNameOf(ty, matchName);
    if ('text' in name) return name.text;
    if ('teamKey' in name) return t(`betting.pick.${name.teamKey}`, { home: name.home, away: name.away });
    return t(`betting.pick.${name.key}`);
  };
  const moneyLabel = (key: MoneyLineKey): string => (key === 'potentialReturn' ? t('betting.slip.potentialReturn') : t(`betting.records.${key}`));

  if (!uid) return <EmptyState icon={<ReceiptText size={28} />} title={t('betting.records.signInTitle')} body={t('betting.records.signInBody')} />;
  return (
    <div className={styles.stack}>
      <div className={styles.ranges} role="tablist" aria-label={t('betting.records.range')}>
        {BET_RANGES.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            aria-selected={range === entry}
            className={range === entry ? styles.rangeOn : styles.range}
            onClick={() => setRange(entry)}
          >
            {t(`betting.range.${entry}`)}
          </button>
        ))}
      </div>
      {list.isPending ? <Skeleton height={120} /> : null}
      {list.data && list.data.records.length === 0 ? (
        <EmptyState
          icon={<ReceiptText size={28} />}
          title={t(settled ? 'betting.records.emptySettled' : 'betting.records.emptyOpen')}
          body={t('betting.records.emptyBody')}
        />
      ) : null}
      <ul className={styles.list}>
        {list.data?.records.map((record) => {
          const format = money(record.currency);
          const key = recordStatusKey(record);
          const value = prices.data?.pr.find((price) => price.oid === record.id);
          return (
            <li key={record.id} className={styles.card} data-testid="bet-record">
              <div className={styles.head}>
                <span className={styles.kind}>{t(`betting.kind.${record.kind}`)}</span>
                <span className={[styles.status, styles[key] ?? ''].join(' ')}>{t(`betting.status.${key}`)}</span>
              </div>
              <ul className={styles.legs}>
                {record.legs.map((leg) => (
                  <li key={`${leg.marketId}:${leg.ty}`} className={styles.leg}>
                    <span className={styles.match}>{leg.nm}</span>
                    <span className={styles.dim}>
                      {pickLabel(leg.ty, leg.nm)}
                      {leg.li ? ` ${leg.li}` : ''} · <span data-testid="leg-odds">{oddsText(leg.od, oddsFormat) ?? leg.od}</span>
                      {leg.re ? ` · ${t('betting.records.scoreAtBet', { score: leg.re })}` : ''}
                    </span>
                    {leg.rv && leg.rs ? (
                      <span className={styles.corrected} data-testid="leg-result-corrected">
                        {t('betting.records.resultCorrected', { score: leg.rs })}
                      </span>
                    ) : null}
                    <span className={[styles.legResult, styles[legStatusKey(record, leg.sr)] ?? ''].join(' ')} data-testid="leg-status">
                      {t(`betting.status.${legStatusKey(record, leg.sr)}`)}
                    </span>
                  </li>
                ))}
              </ul>
              <dl className={styles.money}>
                {recordMoneyLines(record).map((line) => (
                  <div key={line.key} data-testid={`record-${line.key}`}>
                    <dt>{moneyLabel(line.key)}</dt>
                    <dd>{format(line.minor)}</dd>
                  </div>
                ))}
              </dl>
              <p className={styles.dim}>
                #{record.id} · {new Date(record.create_time * 1000).toLocaleString(i18n.language)}
              </p>
              {record.st === 4 ? <CashOutPanel record={record} value={value} money={format} /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
