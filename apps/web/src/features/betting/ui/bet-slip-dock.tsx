import { ApiError, ERRORS } from '@piranha/contract';
import { betSlipOddsChangeFind, minorUnits, TIMERS, type BetSlipItem } from '@piranha/domain';
import { ArrowDown, ArrowUp, Lock, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { amountMinorText, moneyText } from '../../../shared/money/money.ts';
import { useOddsFormat } from '../../../shared/odds/odds-format-store.ts';
import { oddsText, oddsThousandthsOf, oddsThousandthsText } from '../../../shared/odds/odds.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { withSaferReset } from '../../../shared/api/safer-refusal.ts';
import { LimitRequiredAction } from '../../../shared/safer-play/limit-required.tsx';
import { randomId } from '../../../shared/random-id.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { variantCurrent } from '../../../shared/variant/variant-detect.ts';
import { useFreeBetInfoQuery, useLatestBetInfoQuery, useOrderStatusQuery, usePlaceMutation } from '../api/betting-api.ts';
import { selectionKey, useBetSlipStore, type OddsPreference, type SlipLabel } from '../bet-slip-store.ts';
import { slipPickNameOf } from '../bet-record-model.ts';
import { placementAttemptAfter, placementAttemptFor } from '../placement-key.ts';
import { combinedOdds, slipPlacementOf, slipReceiptOf, type ReceiptBet, type SlipReceipt } from '../slip-placement.ts';
import { slipBlockedMessageKey, slipLinesRowOf, slipSeriesOf, slipReturnShownMinor, slipTotalsOf, stakeMinorParse, type SlipSeries } from '../slip-quote.ts';
import styles from './bet-slip.module.css';

function useMoney() {
  const { i18n } = useTranslation();
  const currency = variantCurrent().currency;
  return (amountMinor: number) => moneyText(amountMinor, currency, i18n.language);
}

/**
 * The time the odds highlights are judged against: read when the slip's price changes arrive and again when the
 * newest one's 2 s window ends, so a highlight shows at once and goes away on time.
 */
function useHighlightClock(changes: readonly { changedAtMs: number }[]): number {
  const [nowMs, setNowMs] = useState(0);
  useEffect(() => {
    const tick = () => setNowMs(Date.now());
    const first = setTimeout(tick, 0);
    const latestMs = changes.reduce((latest, change) => Math.max(latest, change.changedAtMs), 0);
    const waitMs = latestMs + TIMERS.oddsChangeHighlightMs - Date.now();
    const end = waitMs > 0 ? setTimeout(tick, waitMs + 10) : undefined;
    return () => {
      clearTimeout(first);
      if (end) clearTimeout(end);
    };
  }, [changes]);
  return nowMs;
}

function StakeInput({ label, valueMinor, onChange }: { label: string; valueMinor: number | null; onChange: (minor: number | null) => void }) {
  const [text, setText] = useState(valueMinor === null ? '' : amountMinorText(minorUnits(valueMinor)));
  const [seen, setSeen] = useState(valueMinor);
  // Only an outside change (one stake for all, a clear) rewrites what the player is typing.
  if (seen !== valueMinor) {
    setSeen(valueMinor);
    if (stakeMinorParse(text) !== valueMinor) setText(valueMinor === null ? '' : amountMinorText(minorUnits(valueMinor)));
  }
  return (
    <input
      className={styles.stake}
      inputMode="decimal"
      aria-label={label}
      placeholder={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(stakeMinorParse(event.target.value));
      }}
    />
  );
}

function SlipRow({ item, nowMs, single }: { item: BetSlipItem; nowMs: number; single: boolean }) {
  const { t } = useTranslation();
  const format = useOddsFormat();
  const label = useBetSlipStore((state) => state.labels[selectionKey(item)]);
  const slip = useBetSlipStore((state) => state.slip);
  const remove = useBetSlipStore((state) => state.remove);
  const stakeSet = useBetSlipStore((state) => state.stakeSet);
  const change = betSlipOddsChangeFind(slip, item, nowMs);
  const odds = oddsThousandthsText(item.oddsThousandths, format);
  return (
    <li className={styles.row} data-testid="slip-row">
      <div className={styles.rowMain}>
        <PickText label={label} line={item.line} optionType={item.optionType} />
        <span className={[styles.odds, change ? styles[change.direction] : ''].join(' ')} data-flash={change?.direction}>
          {item.locked ? <Lock size={14} aria-label={t('betting.slip.locked')} /> : null}
          {change?.direction === 'up' ? <ArrowUp size={12} aria-hidden="true" /> : null}
          {change?.direction === 'down' ? <ArrowDown size={12} aria-hidden="true" /> : null}
          {odds}
        </span>
        <button type="button" className={styles.iconButton} aria-label={t('betting.slip.remove')} onClick={() => remove(item)}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      {single ? (
        <StakeInput
          label={t('betting.slip.stake')}
          valueMinor={item.stakeMinor}
          onChange={(minor) => stakeSet(item, minor === null ? null : minorUnits(minor))}
        />
      ) : null}
    </li>
  );
}

/**
 * Keeps the slip's prices and names fresh (every 2 s) while the slip or the mini slip is on screen: moved odds are
 * written onto the items, highlighted, and raise the accept-new-odds step.
 */
function useSlipLatestSync(active: boolean) {
  const items = useBetSlipStore((state) => state.slip.items);
  const oddsRefresh = useBetSlipStore((state) => state.oddsRefresh);
  const labelsRefresh = useBetSlipStore((state) => state.labelsRefresh);
  const signedIn = useSessionStore((state) => Boolean(state.login));
  const latest = useLatestBetInfoQuery(items, active, signedIn);
  useEffect(() => {
    if (!latest.data) return;
    oddsRefresh(latest.data.quotes, Date.now());
    labelsRefresh(
      Object.fromEntries(
        latest.data.bms.map((entry) => [
          selectionKey({ matchId: entry.matchId, marketId: entry.mid, optionType: entry.op.ty }),
          { name: entry.op.nm, match: entry.mn },
        ]),
      ),
    );
  }, [latest.data, oddsRefresh, labelsRefresh]);
  return latest;
}

type NoticeKey = 'betMaxLimit' | 'marketSuspended' | 'oddsLocked' | 'selectionNotInSlip' | 'stakeInvalid';

type Outcome = { receipt: SlipReceipt } | { error: string; oddsChanged: boolean; cause: unknown };

/** The pick's name in the player's language (bet-record-model `slipPickNameOf`): teams by name, "Flamengo or draw". */
function usePickName(): (optionType: number, label: SlipLabel | undefined) => string {
  const { t } = useTranslation();
  return (optionType, label) => {
    const name = slipPickNameOf(optionType, label);
    if (!name) return t('betting.slip.selection');
    if ('text' in name) return name.text;
    if ('teamKey' in name) return t(`betting.pick.${name.teamKey}`, { home: name.home, away: name.away });
    return t(`betting.pick.${name.key}`);
  };
}

/** A pick as the slip and its receipt name it: the option with its line, then its market and its match. */
function PickText({ label, line, optionType }: { label: SlipLabel | undefined; line: string | null; optionType: number }) {
  const pickName = usePickName();
  const context = [label?.market, label?.match].filter(Boolean).join(' · ');
  return (
    <span className={`${styles.name} ${styles.pickName}`}>
      {pickName(optionType, label)}
      {line ? <span className={styles.line}> {line}</span> : null}
      {context ? (
        <span className={styles.match} data-testid="slip-pick-context">
          {context}
        </span>
      ) : null}
    </span>
  );
}

/** One placed bet: its state (accepted, waiting the in-play delay, rejected), its picks at the odds taken, its money. */
function ReceiptRow({ bet, state }: { bet: ReceiptBet; state: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const format = useOddsFormat();
  const labels = useBetSlipStore((store) => store.labels);
  const text = state === 4 || state === 5 ? t('betting.slip.accepted') : state === 2 ? t('betting.slip.rejected') : t('betting.slip.pending');
  const multiple = bet.picks.length > 1;
  return (
    <li className={styles.receiptBet}>
      <span className={state === 2 ? styles.bad : state === 1 ? styles.dim : styles.good} data-testid="slip-outcome">
        #{bet.id} · {text}
      </span>
      <ul className={styles.rows}>
        {bet.picks.map((pick, index) => (
          <li key={selectionKey(pick)} className={styles.receiptPick}>
            <PickText label={labels[selectionKey(pick)]} line={pick.line} optionType={pick.optionType} />
            <span className={styles.odds}>
              {bet.odds[index] === undefined ? oddsThousandthsText(pick.oddsThousandths, format) : oddsText(bet.odds[index], format)}
            </span>
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        {multiple ? (
          <div>
            <dt>{t('betting.slip.combinedOdds')}</dt>
            <dd>{oddsText(combinedOdds(bet.odds.map(oddsThousandthsOf)), format)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('betting.slip.stake')}</dt>
          <dd>{money(bet.stakeMinor)}</dd>
        </div>
        {bet.payoutMinorMax === undefined ? null : (
          <div>
            <dt>{t('betting.slip.potentialReturn')}</dt>
            <dd data-testid="receipt-return">{money(bet.payoutMinorMax)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/** What the last tap placed, with its state polled through the in-play delay, and "Reuse picks". */
function Receipt({ receipt, recordsHref, onReuse }: { receipt: SlipReceipt; recordsHref: string; onReuse: () => void }) {
  const { t } = useTranslation();
  const confirming = receipt.bets.filter((bet) => bet.st === 1).map((bet) => bet.id);
  const { data } = useOrderStatusQuery(confirming);
  const stateOf = (bet: ReceiptBet) => data?.find((order) => order.oid === bet.id)?.st ?? bet.st;
  return (
    <section className={styles.receipt} aria-label={t('betting.receipt.title')} data-testid="slip-receipt">
      <h3 className={styles.receiptTitle}>{t('betting.receipt.title')}</h3>
      <ul className={styles.outcome} aria-live="polite">
        {receipt.bets.map((bet) => (
          <ReceiptRow key={bet.id} bet={bet} state={stateOf(bet)} />
        ))}
      </ul>
      <div className={styles.receiptActions}>
        <Button variant="ghost" onClick={onReuse}>
          {t('betting.receipt.reuse')}
        </Button>
        <a className={styles.recordsLink} href={`#${recordsHref}`}>
          {t('betting.records.recordTitle')}
        </a>
      </div>
    </section>
  );
}

/** The full slip: rows, modes, stakes, totals, the odds preference, and placing. */
function SlipSheet({ loginHref, recordsHref }: { loginHref: string; recordsHref: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const oddsFormat = useOddsFormat();
  const store = useBetSlipStore();
  const openSet = store.openSet;
  const signedIn = useSessionStore((state) => Boolean(state.login));
  const latest = useLatestBetInfoQuery(store.slip.items, store.open, signedIn);
  const place = usePlaceMutation();
  const [outcome, setOutcome] = useState<Outcome>();
  // A free bet (issue 17): offered for one single while the player has free-bet balance; its stake is not returned.
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const freeInfo = useFreeBetInfoQuery(store.open ? uid : 0);
  const [freeChosen, setFreeChosen] = useState(false);
  const nowMs = useHighlightClock(store.slip.oddsChanges);

  const items = store.slip.items;
  const series = useMemo(() => slipSeriesOf(items.length), [items.length]);
  const chosen: SlipSeries | undefined =
    store.mode === 'singles'
      ? undefined
      : store.mode === 'multiple'
        ? series.find((entry) => entry.accumulator)
        : series.find((entry) => entry.code === store.systemCode);
  // Each match's teams from the latest bet info: a multiple of two matches of one team is explained before placing.
  const teams = useMemo(() => new Map((latest.data?.bms ?? []).flatMap((entry) => (entry.tids ? [[entry.matchId, entry.tids] as const] : []))), [latest.data]);
  const totals = slipTotalsOf(store.slip, store.mode, chosen, store.unitStakeMinor, (matchId) => teams.get(matchId));
  const blockedKey = slipBlockedMessageKey(totals.blocked);
  const freeBalance = freeInfo.data?.balance ?? 0;
  const freeOffered = signedIn && store.mode === 'singles' && items.length === 1 && freeBalance > 0;
  const freeOn = freeOffered && freeChosen;
  const freeTooMuch = freeOn && (items[0]?.stakeMinor ?? 0) > freeBalance;

  const submit = () => {
    if (freeTooMuch) return;
    const placement = slipPlacementOf(store.slip, store.mode, chosen, store.unitStakeMinor, store.preference, freeOn);
    if (!placement) return;
    // A tap that repeats a placement left without an answer sends its key again (placement-key.ts).
    const attempt = placementAttemptFor(store.placementAttempt, placement.request, randomId);
    store.placementAttemptSet(attempt);
    setOutcome(undefined);
    place.mutate(
      { request: placement.request, key: attempt.key },
      {
        onSuccess: (placed) => {
          store.placementAttemptSet(null);
          setFreeChosen(false);
          setOutcome({ receipt: slipReceiptOf(placement, placed) });
          // The placed picks leave; the others stay for the player to place next.
          store.placedRemove(placement.placed);
        },
        // Spec §8: a multi-bet error comes back here as a value; odds that moved ask the player to accept them.
        onError: (error) => {
          store.placementAttemptSet(placementAttemptAfter(attempt, { ok: false, error }));
          const oddsChanged = error instanceof ApiError && error.dmError === ERRORS.ODDS_CHANGED.code;
          // A wager or loss limit, a time-out or self-exclusion says when it resets (decision 027).
          setOutcome({
            error: error instanceof ApiError ? withSaferReset(error.errorMsg, error, t, i18n.language) : t('betting.slip.failed'),
            oddsChanged,
            cause: error,
          });
          if (oddsChanged) void latest.refetch();
        },
      },
    );
  };
  const close = useCallback(() => openSet(false), [openSet]);
  const linesRow = slipLinesRowOf(totals);
  const multipleOdds = store.mode === 'multiple' && items.length >= 2 ? combinedOdds(items.map((item) => item.oddsThousandths)) : undefined;

  const footer =
    items.length > 0 ? (
      <div className={styles.footStack}>
        <dl className={styles.totals}>
          {multipleOdds === undefined ? (
            <div data-testid="slip-lines">
              {linesRow.key === 'lines' ? (
                <>
                  <dt>{t('betting.slip.bets')}</dt>
                  <dd>{linesRow.count}</dd>
                </>
              ) : (
                <>
                  <dt>{t('betting.slip.bets')}</dt>
                  <dd className={styles.dim}>{t('betting.slip.stakeHint')}</dd>
                </>
              )}
            </div>
          ) : (
            <div>
              <dt>{t('betting.slip.combinedOdds')}</dt>
              <dd data-testid="slip-combined-odds">{oddsText(multipleOdds, oddsFormat)}</dd>
            </div>
          )}
          <div>
            <dt>{t('betting.slip.totalStake')}</dt>
            <dd data-testid="slip-total-stake">{money(totals.totalStakeMinor)}</dd>
          </div>
          <div>
            <dt>{t('betting.slip.potentialReturn')}</dt>
            <dd data-testid="slip-potential-return">{money(slipReturnShownMinor(totals, freeOn))}</dd>
          </div>
        </dl>
        {blockedKey ? (
          <p className={styles.bad} role="status" data-testid="slip-blocked">
            {t(`betting.slip.blocked.${blockedKey}`)}
          </p>
        ) : null}
        {freeOffered ? (
          <label className={styles.freeBet}>
            <input type="checkbox" checked={freeChosen} onChange={(event) => setFreeChosen(event.target.checked)} />
            <span>
              {t('betting.freeBet.use', { amount: money(freeBalance) })}
              <span className={styles.dim}> · {t('betting.freeBet.note')}</span>
            </span>
          </label>
        ) : null}
        {freeTooMuch ? (
          <p className={styles.bad} role="status">
            {t('betting.freeBet.tooMuch', { amount: money(freeBalance) })}
          </p>
        ) : null}
        {outcome && 'error' in outcome ? (
          <p className={styles.bad} role="alert">
            {outcome.error}
          </p>
        ) : null}
        {/* A Brazilian guest without the law's loss limit sets it from here (decision 057). */}
        {outcome && 'error' in outcome ? <LimitRequiredAction error={outcome.cause} onFollow={close} /> : null}
        {!signedIn ? (
          <a className={styles.placeLink} href={`#${loginHref}`}>
            {t('betting.slip.logIn')}
          </a>
        ) : store.slip.needAcceptLatestOdds ? (
          <Button block variant="accent" onClick={store.oddsAccept}>
            {t('betting.slip.acceptOdds')}
          </Button>
        ) : (
          <Button block onClick={submit} disabled={totals.blocked !== null || freeTooMuch || place.isPending}>
            {place.isPending
              ? t('betting.slip.placing')
              : freeOn
                ? t('betting.freeBet.place', { amount: money(totals.totalStakeMinor) })
                : t('betting.slip.place', { amount: money(totals.totalStakeMinor) })}
          </Button>
        )}
      </div>
    ) : undefined;

  return (
    <Sheet
      title={t('betting.slip.title')}
      heading={
        <>
          {t('betting.slip.title')} <span className={styles.count}>{items.length}</span>
        </>
      }
      actions={
        <>
          {items.length > 0 ? (
            <button type="button" className={styles.iconButton} aria-label={t('betting.slip.clear')} onClick={store.clear}>
              <Trash2 size={18} aria-hidden="true" />
            </button>
          ) : null}
          <button type="button" className={styles.iconButton} aria-label={t('betting.slip.close')} onClick={close}>
            <X size={20} aria-hidden="true" />
          </button>
        </>
      }
      footer={footer}
      onClose={close}
    >
      <div className={styles.scroll}>
        {outcome && 'receipt' in outcome ? (
          <Receipt receipt={outcome.receipt} recordsHref={recordsHref} onReuse={() => store.picksReuse(outcome.receipt.picks)} />
        ) : null}
        {items.length === 0 && !outcome ? <p className={styles.dim}>{t('betting.slip.empty')}</p> : null}
        {items.length >= 2 ? (
          <div className={styles.modes} role="tablist" aria-label={t('betting.slip.mode')}>
            {(series.some((entry) => !entry.accumulator) ? (['singles', 'multiple', 'system'] as const) : (['singles', 'multiple'] as const)).map((mode) => (
              <button
                key={mode}
                type="button"
                role="tab"
                aria-selected={store.mode === mode}
                className={store.mode === mode ? styles.modeOn : styles.mode}
                onClick={() => store.modeSet(mode, mode === 'system' ? (series.find((entry) => !entry.accumulator)?.code ?? null) : null)}
              >
                {t(`betting.mode.${mode}`)}
              </button>
            ))}
          </div>
        ) : null}
        <ul className={styles.rows}>
          {items.map((item) => (
            <SlipRow key={selectionKey(item)} item={item} nowMs={nowMs} single={store.mode === 'singles'} />
          ))}
        </ul>
        {store.mode === 'singles' && items.length >= 2 ? (
          <label className={styles.field}>
            <span>{t('betting.slip.stakeForAll')}</span>
            <StakeInput
              label={t('betting.slip.stakeForAll')}
              valueMinor={store.slip.stakeForAllMinor}
              onChange={(minor) => store.stakeForAllSet(minor === null ? null : minorUnits(minor))}
            />
          </label>
        ) : null}
        {store.mode === 'system' ? (
          <label className={styles.field}>
            <span>{t('betting.slip.system')}</span>
            <select className={styles.select} value={store.systemCode ?? ''} onChange={(event) => store.modeSet('system', Number(event.target.value))}>
              {series
                .filter((entry) => !entry.accumulator)
                .map((entry) => (
                  <option key={entry.code} value={entry.code}>
                    {t(`betting.series.${entry.labelKey}`, entry.labelValues)} · {t('betting.slip.lines', { count: entry.lineCount })}
                  </option>
                ))}
            </select>
          </label>
        ) : null}
        {store.mode !== 'singles' ? (
          <label className={styles.field}>
            <span>{store.mode === 'system' ? t('betting.slip.unitStake') : t('betting.slip.stake')}</span>
            <StakeInput
              label={t('betting.slip.unitStake')}
              valueMinor={store.unitStakeMinor}
              onChange={(minor) => store.unitStakeSet(minor === null ? null : minorUnits(minor))}
            />
          </label>
        ) : null}
        {items.length > 0 ? (
          <label className={styles.field}>
            <span>{t('betting.slip.preference')}</span>
            <select className={styles.select} value={store.preference} onChange={(event) => store.preferenceSet(Number(event.target.value) as OddsPreference)}>
              <option value={0}>{t('betting.preference.none')}</option>
              <option value={1}>{t('betting.preference.better')}</option>
              <option value={2}>{t('betting.preference.any')}</option>
            </select>
          </label>
        ) : null}
      </div>
    </Sheet>
  );
}

/**
 * The slip on the sports pages: the mini slip after the first pick (hidden at two or more), a bar with the count
 * that opens the full slip, and the full slip. Refused picks (betMaxLimit, locked odds) show their message once.
 */
export function BetSlipDock({ loginHref, recordsHref }: { loginHref: string; recordsHref: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const format = useOddsFormat();
  const { slip, open, notice, labels, openSet, noticeClear } = useBetSlipStore();
  const pickName = usePickName();
  useSlipLatestSync(open || slip.miniSlipVisible);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(noticeClear, 3000);
    return () => clearTimeout(timer);
  }, [notice, noticeClear]);
  const first = slip.items[0];
  const count = slip.items.length;
  return (
    <>
      {notice ? (
        <p className={styles.notice} role="alert">
          {t(`betting.notice.${notice as NoticeKey}`)}
        </p>
      ) : null}
      {count > 0 && !open ? (
        // One row: the mini slip takes the room the slip button leaves, so the two never overlap in any language.
        <div className={styles.dock}>
          {slip.miniSlipVisible && first ? (
            <button type="button" className={styles.mini} onClick={() => openSet(true)} data-testid="mini-slip">
              <span className={styles.name}>{pickName(first.optionType, labels[selectionKey(first)])}</span>
              <span className={styles.odds}>{oddsThousandthsText(first.oddsThousandths, format)}</span>
              <span className={styles.dim}>{first.stakeMinor ? money(first.stakeMinor) : t('betting.slip.addStake')}</span>
            </button>
          ) : null}
          {/* The title comes before the count in the text (the badge is drawn first), so the name "Open the bet slip, 3 selected"
              contains what a voice-control user reads on the button: "Bet slip 3" (the space keeps them two words). */}
          <button type="button" className={styles.bar} onClick={() => openSet(true)} aria-label={t('betting.slip.open', { count })}>
            {t('betting.slip.title')} <span className={styles.badge}>{count}</span>
          </button>
        </div>
      ) : null}
      {open ? <SlipSheet loginHref={loginHref} recordsHref={recordsHref} /> : null}
    </>
  );
}
