import type { RoundView } from '@piranha/contract';
import { apiErrorMessage } from '../../shared/api/api-error-message.ts';
import { type CasinoParams, type HouseGameId } from '@piranha/domain';
import { Info, Minus, Plus, ShieldCheck, Volume2, VolumeX } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useQueryClient } from '@tanstack/react-query';
import { STUDIO_ROUND_MESSAGE, type StudioRoundMessage } from '../../shared/studio-message.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { studioKeys, useRoundActionMutation, useRoundPlayMutation, useStudioSessionQuery } from './api/studio.ts';
import { FairnessSheet } from './fairness-sheet.tsx';
import { GameInfoSheet } from './game-info-sheet.tsx';
import type { PanelProps } from './panel-props.ts';
import { soundPlay } from './sound.ts';
import { stakeDefault, stakeLadder, stakeStep } from './stake-ladder.ts';
import styles from './studio.module.css';
import { moneyText } from '../../shared/money/money.ts';

type Panel = LazyExoticComponent<ComponentType<PanelProps>>;
const slotPanel = lazy(() => import('./slot-panel.tsx'));
/** Each game's code is its own chunk: opening Dice never downloads the slots. */
const PANELS: Record<HouseGameId, Panel> = {
  'reef-riches': slotPanel,
  'neon-koi': slotPanel,
  'lucky-sevens': slotPanel,
  crash: lazy(() => import('./crash-panel.tsx')),
  mines: lazy(() => import('./mines-panel.tsx')),
  dice: lazy(() => import('./dice-panel.tsx')),
  plinko: lazy(() => import('./plinko-panel.tsx')),
  roulette: lazy(() => import('./roulette-panel.tsx')),
  limbo: lazy(() => import('./limbo-panel.tsx')),
  keno: lazy(() => import('./keno-panel.tsx')),
  baccarat: lazy(() => import('./baccarat-panel.tsx')),
  wheel: lazy(() => import('./wheel-panel.tsx')),
  tower: lazy(() => import('./tower-panel.tsx')),
  bingo: lazy(() => import('./bingo-panel.tsx')),
  fishing: lazy(() => import('./fishing-panel.tsx')),
  'video-poker': lazy(() => import('./video-poker-panel.tsx')),
  hilo: lazy(() => import('./hilo-panel.tsx')),
  blackjack: lazy(() => import('./blackjack-panel.tsx')),
};

function reducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The game client shown in the game room's iframe: balance, stake, the game, its info and its proof. */
export function StudioGame({ gameId, token }: { gameId: HouseGameId; token: string }) {
  const { t, i18n } = useTranslation();
  const session = useStudioSessionQuery(token);
  const queryClient = useQueryClient();
  const playMutation = useRoundPlayMutation(token, gameId);
  const actionMutation = useRoundActionMutation(token);
  const [balance, setBalance] = useState<number | undefined>();
  const [stake, setStake] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [sound, setSound] = useState(false);
  const [sheet, setSheet] = useState<'info' | 'fair' | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [freeUsed, setFreeUsed] = useState(0);
  const [instant] = useState(reducedMotion);

  const info = session.data?.game.info;
  const currency = session.data?.currency ?? '';
  const ladder = useMemo(() => (info ? stakeLadder(info.betMinMinor, info.betMaxMinor) : []), [info]);
  const stakeMinor = stake ?? stakeDefault(ladder);
  const shownBalance = balance ?? session.data?.balance;

  const money = useCallback((minor: number) => moneyText(minor, currency, i18n.language), [currency, i18n.language]);

  const refused = (cause: unknown) => {
    setError(apiErrorMessage(cause, t, t('casino.studio.failed')));
    soundPlay('lose', sound);
    return undefined;
  };

  const play = async (params: CasinoParams, stakeOverride?: number, freeRound = false) => {
    setError(undefined);
    soundPlay('click', sound);
    const bet = freeRound ? (session.data?.free_rounds.bet ?? 0) : (stakeOverride ?? stakeMinor);
    if (!freeRound && shownBalance !== undefined && bet > shownBalance) {
      setError(t('casino.studio.notEnough'));
      return undefined;
    }
    try {
      const round = await playMutation.mutateAsync({ bet, params, freeRound });
      if (freeRound) setFreeUsed((used) => used + 1);
      setBalance(round.balance_before - round.bet);
      // The bet used this nonce: the fairness panel shows the next one without asking the server again.
      queryClient.setQueryData(studioKeys.session(token), (current: typeof session.data) =>
        current ? { ...current, fair: { ...current.fair, nonce: Math.max(current.fair.nonce, round.proof.nonce + 1) } } : current,
      );
      return round;
    } catch (cause) {
      return refused(cause);
    }
  };

  const action: PanelProps['action'] = async (roundId, kind, extra) => {
    setError(undefined);
    try {
      const round = await actionMutation.mutateAsync({ roundId, action: kind, ...extra });
      // A step that took a stake of its own (blackjack's double, split, insurance) moves the balance mid-round.
      if (round.status === 'open') setBalance(round.balance_after);
      return round;
    } catch (cause) {
      return refused(cause);
    }
  };

  const settle = (round: RoundView) => {
    setBalance(round.balance_after);
    soundPlay(round.win > 0 ? 'win' : 'lose', sound);
    const message: StudioRoundMessage = { type: STUDIO_ROUND_MESSAGE, roundId: round.round_id, balanceMinor: round.balance_after, currency: round.currency };
    if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
  };

  const balanceTell = (minor: number, roundId?: string) => {
    setBalance(minor);
    if (roundId === undefined || window.parent === window) return;
    const message: StudioRoundMessage = { type: STUDIO_ROUND_MESSAGE, roundId, balanceMinor: minor, currency };
    window.parent.postMessage(message, window.location.origin);
  };

  if (session.isPending)
    return (
      <div className={styles.studio}>
        <Skeleton height={48} />
        <Skeleton height={360} radius={18} />
      </div>
    );
  if (session.isError || !session.data || !info)
    return <EmptyState icon={<ShieldCheck size={28} />} title={t('casino.studio.sessionFailed')} body={t('casino.studio.sessionFailedBody')} />;

  const Panel = PANELS[gameId];
  return (
    <div className={styles.studio}>
      <div className={styles.topBar}>
        <div className={styles.balance}>
          <span className={styles.balanceLabel}>{t('casino.studio.balance')}</span>
          <output className={styles.balanceValue} aria-label={t('casino.studio.balance')} data-testid="studio-balance">
            {shownBalance === undefined ? '—' : money(shownBalance)}
          </output>
        </div>
        <button type="button" className={styles.iconButton} aria-pressed={sound} aria-label={t('casino.studio.sound')} onClick={() => setSound(!sound)}>
          {sound ? <Volume2 size={20} aria-hidden="true" /> : <VolumeX size={20} aria-hidden="true" />}
        </button>
        <button type="button" className={styles.iconButton} aria-label={t('casino.studio.fairness')} onClick={() => setSheet('fair')}>
          <ShieldCheck size={20} aria-hidden="true" />
        </button>
        <button type="button" className={styles.iconButton} aria-label={t('casino.studio.info')} onClick={() => setSheet('info')}>
          <Info size={20} aria-hidden="true" />
        </button>
      </div>

      <Suspense fallback={<Skeleton height={360} radius={18} />}>
        <Panel
          gameId={gameId}
          token={token}
          balanceSet={balanceTell}
          errorShow={(cause) => (cause === undefined ? setError(undefined) : refused(cause))}
          info={info}
          stakeMinor={stakeMinor}
          openRound={session.data.open_round}
          freeRounds={{ remaining: Math.max(0, session.data.free_rounds.remaining - freeUsed), bet: session.data.free_rounds.bet }}
          play={play}
          action={action}
          settle={settle}
          busy={busy}
          setBusy={setBusy}
          sound={sound}
          instant={instant}
          formatMoney={money}
        />
      </Suspense>

      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}

      {gameId !== 'roulette' ? (
        <div className={styles.stakeRow}>
          <span className={styles.stakeLabel}>{t('casino.studio.stake')}</span>
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('casino.studio.stakeDown')}
            disabled={busy}
            onClick={() => setStake(stakeStep(ladder, stakeMinor, -1))}
          >
            <Minus size={18} aria-hidden="true" />
          </button>
          <output className={styles.stakeValue} aria-live="polite" data-testid="studio-stake">
            {money(stakeMinor)}
          </output>
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('casino.studio.stakeUp')}
            disabled={busy}
            onClick={() => setStake(stakeStep(ladder, stakeMinor, 1))}
          >
            <Plus size={18} aria-hidden="true" />
          </button>
        </div>
      ) : null}

      {sheet === 'info' ? <GameInfoSheet gameId={gameId} info={info} formatMoney={money} onClose={() => setSheet(undefined)} /> : null}
      {sheet === 'fair' ? <FairnessSheet token={token} fair={session.data.fair} formatMoney={money} onClose={() => setSheet(undefined)} /> : null}
    </div>
  );
}
