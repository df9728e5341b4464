import { CRASH_LIVE_AUTO_MAX, CRASH_LIVE_CASHOUT_MIN, crashChainLinks, crashLiveMultiplierAt, crashLivePayMinor, crashLivePoint } from '@piranha/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useCrashLiveBetMutation, useCrashLiveCashoutMutation, useCrashLiveHistoryQuery, useCrashLiveStateQuery } from './api/studio.ts';
import type { PanelProps } from './panel-props.ts';
import styles from './studio.module.css';
import crashStyles from './crash-panel.module.css';

const PRESETS = [150, 200, 500, 1000];
const W = 360;
const H = 220;
const x100 = (hundredths: number) => (hundredths / 100).toFixed(2);

/** The published curve from take-off to `elapsedMs`, on a scale that leaves headroom above the current value. */
function curvePath(elapsedMs: number): string {
  const span = Math.max(8000, elapsedMs * 1.1);
  const top = Math.max(200, crashLiveMultiplierAt(elapsedMs) * 1.15);
  const points: string[] = [];
  for (let step = 0; step <= 48; step += 1) {
    const t = (step / 48) * elapsedMs;
    const m = 100 * Math.exp(0.00006 * t);
    const x = 16 + (t / span) * (W - 32);
    const y = H - 16 - ((m - 100) / (top - 100)) * (H - 40);
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M${points.join(' L')}`;
}

type HistoryRow = { round_id: string; chain_index: number; seed: string; previous_hash: string; salt: string; terminal_hash: string; crash_point: number };

/**
 * Crash live (decision 071): one round for everyone on the brand. The curve is drawn locally from the server's take-off
 * time and its clock offset between answers; every answer (socket event or poll) is the truth it snaps to. Bets go to
 * the next round to take off; the cash-out is decided by the server's clock when it arrives.
 */
export default function CrashPanel({ token, stakeMinor, formatMoney, setBusy, balanceSet, errorShow, instant }: PanelProps) {
  const { t } = useTranslation();
  const state = useCrashLiveStateQuery(token);
  const betMutation = useCrashLiveBetMutation(token);
  const cashoutMutation = useCrashLiveCashoutMutation(token);
  const [autoOn, setAutoOn] = useState(false);
  const [auto, setAuto] = useState(200);
  const [verifying, setVerifying] = useState<HistoryRow | undefined>();
  const [clock, setClock] = useState(() => Date.now());
  const frame = useRef(0);

  const data = state.data;
  const round = data?.round ?? null;
  const offset = data ? data.server_now - data.receivedAt : 0;
  const serverNow = clock + offset;
  const flying = round?.phase === 'flying';
  const crashedId = round?.phase === 'crashed' ? round.round_id : undefined;
  const history = useCrashLiveHistoryQuery(token, crashedId);

  useEffect(() => {
    if (data) balanceSet(data.balance);
    // The balance the server told with this state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.balance]);

  // Between answers the page runs the published curve on its own (a frame at a time while flying, a tick a second otherwise).
  useEffect(() => {
    if (instant || !flying) {
      const timer = setInterval(() => setClock(Date.now()), flying ? 200 : 250);
      return () => clearInterval(timer);
    }
    const step = () => {
      setClock(Date.now());
      frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [flying, instant]);

  const myBet = data?.my_bets.find((bet) => bet.round_id === round?.round_id);
  const myNextBet = data?.my_bets.find((bet) => bet.round_id === data.next_round_id && bet.round_id !== round?.round_id);
  const elapsed = round && flying ? Math.max(0, serverNow - round.takeoff_at) : 0;
  const multiplier = round
    ? round.phase === 'crashed'
      ? round.multiplier
      : round.phase === 'flying'
        ? Math.max(round.multiplier, crashLiveMultiplierAt(elapsed))
        : 100
    : 100;
  const canCashOut = flying && myBet?.status === 'placed' && multiplier >= CRASH_LIVE_CASHOUT_MIN;
  const autoValid = !autoOn || (Number.isInteger(auto) && auto >= CRASH_LIVE_CASHOUT_MIN && auto <= CRASH_LIVE_AUTO_MAX);
  const bettingLeft = round?.phase === 'betting' ? Math.max(0, round.takeoff_at - serverNow) : 0;
  const holding = myBet?.status === 'placed' || myBet?.status === 'pending' || Boolean(myNextBet);

  useEffect(() => setBusy(holding), [holding, setBusy]);

  const placeBet = async () => {
    errorShow(undefined);
    try {
      const answer = await betMutation.mutateAsync({ bet: stakeMinor, autoCashout: autoOn ? auto : null });
      balanceSet(answer.balance, answer.bet.round_id);
    } catch (cause) {
      errorShow(cause);
    }
  };

  const cashOut = async () => {
    if (!round) return;
    errorShow(undefined);
    try {
      const answer = await cashoutMutation.mutateAsync(round.round_id);
      balanceSet(answer.balance, round.round_id);
    } catch (cause) {
      errorShow(cause);
    }
  };

  const checks = useMemo(() => {
    if (!verifying) return undefined;
    const list = (history.data?.list ?? []) as HistoryRow[];
    const before = list.find((row) => row.chain_index === verifying.chain_index - 1);
    return {
      links: crashChainLinks(verifying.seed, verifying.previous_hash) && (before ? before.seed === verifying.previous_hash : true),
      point: crashLivePoint(verifying.seed, verifying.salt),
    };
  }, [verifying, history.data]);

  const shownBet = myBet ?? myNextBet;
  return (
    <>
      <div className={crashStyles.stage} data-crashed={round?.phase === 'crashed' || undefined}>
        <svg viewBox={`0 0 ${W} ${H}`} className={crashStyles.chart} aria-hidden="true">
          {[0.25, 0.5, 0.75].map((f) => (
            <line key={f} x1="16" x2={W - 16} y1={H * f} y2={H * f} stroke="rgba(255,255,255,.07)" />
          ))}
          {flying ? (
            <>
              <path
                d={`${curvePath(elapsed)} L${16 + (elapsed / Math.max(8000, elapsed * 1.1)) * (W - 32)},${H - 16} L16,${H - 16}Z`}
                fill="url(#crash-fill)"
                opacity={0.5}
              />
              <path d={curvePath(elapsed)} stroke="#f472b6" strokeWidth="5" fill="none" strokeLinecap="round" />
            </>
          ) : null}
          <defs>
            <linearGradient id="crash-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#f472b6" />
              <stop offset="1" stopColor="#f472b6" stopOpacity="0" />
            </linearGradient>
          </defs>
        </svg>
        <div className={crashStyles.readout} aria-live="polite">
          {round?.phase === 'betting' ? (
            <>
              <span className={crashStyles.caption} data-testid="crash-phase">
                {t('casino.studio.crashLive.takeoffIn', { seconds: (bettingLeft / 1000).toFixed(1) })}
              </span>
              <span className={crashStyles.multiplier}>{x100(100)}×</span>
            </>
          ) : (
            <span
              className={crashStyles.multiplier}
              data-testid="crash-multiplier"
              data-state={round?.phase === 'crashed' ? 'lost' : myBet?.status === 'won' || myBet?.status === 'cashed' ? 'won' : 'running'}
            >
              {x100(multiplier)}×
            </span>
          )}
          {round?.phase === 'crashed' ? (
            <span className={crashStyles.caption} data-testid="round-result">
              {t('casino.studio.crashedAt', { value: x100(round.multiplier) })}
            </span>
          ) : null}
          {!round ? <span className={crashStyles.caption}>{t('casino.studio.crashLive.waiting')}</span> : null}
          {myBet && (myBet.status === 'won' || myBet.status === 'cashed') && myBet.cashout !== null ? (
            <span className={crashStyles.cashed} data-testid="crash-cashed">
              {t('casino.studio.cashedOutAt', { value: x100(myBet.cashout), amount: formatMoney(myBet.win) })}
            </span>
          ) : null}
        </div>
      </div>

      {history.data && history.data.list.length > 0 ? (
        <div className={crashStyles.strip} aria-label={t('casino.studio.crashLive.history')}>
          {history.data.list.map((row) => (
            <button
              key={row.round_id}
              type="button"
              className={crashStyles.chip}
              data-high={row.crash_point >= 200 || undefined}
              onClick={() => setVerifying(row as HistoryRow)}
              aria-label={t('casino.studio.crashLive.verifyRound', { value: x100(row.crash_point) })}
            >
              {x100(row.crash_point)}×
            </button>
          ))}
        </div>
      ) : null}

      {shownBet ? (
        <p className={crashStyles.myBet} data-testid="crash-my-bet">
          {shownBet === myNextBet
            ? t('casino.studio.crashLive.nextRoundBet', { amount: formatMoney(shownBet.stake) })
            : t('casino.studio.crashLive.yourBet', { amount: formatMoney(shownBet.stake) })}
          {shownBet.auto_cashout !== null ? ` · ${t('casino.studio.crashLive.autoAt', { value: x100(shownBet.auto_cashout) })}` : ''}
          {shownBet.status === 'lost' ? ` · ${t('casino.studio.crashLive.lost')}` : ''}
        </p>
      ) : null}

      {canCashOut ? (
        <button
          type="button"
          className={`${styles.play} ${crashStyles.cashOut}`}
          onClick={cashOut}
          disabled={cashoutMutation.isPending}
          data-testid="crash-cashout"
        >
          {t('casino.studio.cashOut', { amount: formatMoney(crashLivePayMinor(myBet!.stake, multiplier)) })}
        </button>
      ) : (
        <>
          <label className={crashStyles.autoRow}>
            <input type="checkbox" checked={autoOn} onChange={(event) => setAutoOn(event.target.checked)} disabled={holding} />
            {t('casino.studio.autoCashout')}
            <input
              type="number"
              inputMode="decimal"
              min={CRASH_LIVE_CASHOUT_MIN / 100}
              max={CRASH_LIVE_AUTO_MAX / 100}
              step={0.01}
              value={(auto / 100).toFixed(2)}
              disabled={!autoOn || holding}
              onChange={(event) => setAuto(Math.round(Number(event.target.value) * 100))}
            />
          </label>
          {autoOn ? (
            <div className={styles.options}>
              {PRESETS.map((preset) => (
                <button key={preset} type="button" className={styles.option} aria-pressed={auto === preset} disabled={holding} onClick={() => setAuto(preset)}>
                  {x100(preset)}×
                </button>
              ))}
            </div>
          ) : null}
          {!autoValid ? (
            <p className={styles.error} role="alert">
              {t('casino.studio.cashoutRange', { min: x100(CRASH_LIVE_CASHOUT_MIN), max: CRASH_LIVE_AUTO_MAX / 100 })}
            </p>
          ) : null}
          <button
            type="button"
            className={styles.play}
            onClick={placeBet}
            disabled={holding || betMutation.isPending || !autoValid || stakeMinor <= 0 || !data?.next_round_id}
            data-testid="crash-bet"
          >
            {flying || round?.phase === 'crashed' ? t('casino.studio.crashLive.betNext') : t('casino.studio.bet')}
          </button>
        </>
      )}

      {data && data.cashouts.length > 0 ? (
        <ul className={crashStyles.players} aria-label={t('casino.studio.crashLive.players', { count: data.players })}>
          {data.cashouts.slice(0, 8).map((row, index) => (
            <li key={`${row.player}-${index}`}>
              <span>{row.player}</span>
              <span>{x100(row.cashout)}×</span>
              <span>{formatMoney(row.win)}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {verifying && checks ? (
        <div className={crashStyles.verify} role="dialog" aria-label={t('casino.studio.crashLive.verifyTitle')}>
          <strong>{t('casino.studio.crashLive.verifyTitle')}</strong>
          <dl>
            <dt>{t('casino.studio.crashLive.seed')}</dt>
            <dd>{verifying.seed}</dd>
            <dt>{t('casino.studio.crashLive.previousHash')}</dt>
            <dd>{verifying.previous_hash}</dd>
            <dt>{t('casino.studio.crashLive.salt')}</dt>
            <dd>{verifying.salt}</dd>
          </dl>
          <p data-testid="crash-verify-chain">{checks.links ? `✓ ${t('casino.studio.crashLive.chainOk')}` : `✗ ${t('casino.studio.crashLive.chainBad')}`}</p>
          <p data-testid="crash-verify-point">
            {checks.point === verifying.crash_point
              ? `✓ ${t('casino.studio.crashLive.pointOk', { value: x100(checks.point) })}`
              : `✗ ${t('casino.studio.crashLive.pointBad', { value: x100(checks.point) })}`}
          </p>
          <button type="button" className={styles.option} onClick={() => setVerifying(undefined)}>
            {t('casino.studio.crashLive.close')}
          </button>
        </div>
      ) : null}
    </>
  );
}
