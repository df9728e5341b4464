import { GAME_PLATFORMS, type GamePlatform } from '@piranha/contract';
import { ChevronLeft, Info, LogIn } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link, useNavigate, useSearchParams } from '../../shared/router/router.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { isStudioRoundMessage } from '../../shared/studio-message.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.tsx';
import { useGameInfoQuery, useLaunchQuery } from './api/hall.ts';
import { apiErrorMessage } from '../../shared/api/api-error-message.ts';
import { LimitRequiredAction } from '../../shared/safer-play/limit-required.tsx';
import { usePlayHeartbeat } from '../../shared/safer-play/play-heartbeat.ts';
import { gameDetailHref, paths } from '../../shared/paths/paths.ts';
import styles from './game-room.module.css';

export function gameRefFromSearch(search: URLSearchParams): { platform: GamePlatform; gameId: string } | undefined {
  const platform = search.get('platform') ?? '';
  const gameId = search.get('game') ?? '';
  if (!(GAME_PLATFORMS as readonly string[]).includes(platform) || !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(gameId)) return undefined;
  return { platform: platform as GamePlatform, gameId };
}

/** The origin a game URL is served from: ours for the house studio's `/#/studio/…`, the provider's otherwise. */
export function frameOriginOf(gameUrl: string): string {
  return new URL(gameUrl, window.location.href).origin;
}

/**
 * The game room: the game's own page in an iframe under a back button. After each round the game posts a
 * message; the room then refreshes whatever shows money (`onRound`) and the round history. A provider on another
 * origin posts the same message from there; its wallet calls also move the ledger, which tells the page's socket
 * (`balance_changed`), so the header follows even when a provider posts nothing.
 */
export function GameRoom({ onRound }: { onRound: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ref = gameRefFromSearch(search);
  const signedIn = useSessionStore((state) => state.login !== undefined);
  const launch = useLaunchQuery(ref?.platform ?? 'house', ref?.gameId ?? '');
  const details = useGameInfoQuery(ref?.platform ?? 'house', ref?.gameId ?? '');
  const frame = useRef<HTMLIFrameElement>(null);
  const queryClient = useQueryClient();
  // While the game is open and visible the server counts it as play; a beat past today's play time closes it.
  const closedBy = usePlayHeartbeat(signedIn && launch.data !== undefined);

  // A house game is on our origin; an external provider's page (Orca Games, decision 072) on the origin of its URL.
  const gameOrigin = launch.data ? frameOriginOf(launch.data.game_url) : window.location.origin;
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== gameOrigin || event.source !== frame.current?.contentWindow) return;
      if (!isStudioRoundMessage(event.data)) return;
      onRound();
      void queryClient.invalidateQueries({ queryKey: ['casino', 'history'] });
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [onRound, queryClient, gameOrigin]);

  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.game));
  const bar = (
    <div className={styles.bar}>
      <button type="button" className={styles.back} onClick={back} aria-label={t('app.back')}>
        <ChevronLeft size={24} aria-hidden="true" />
      </button>
      <span className={styles.title}>{details.data?.card.game_name ?? ''}</span>
      {ref ? (
        <Link to={gameDetailHref({ game_platform: ref.platform, game_id: ref.gameId })} className={styles.back} aria-label={t('casino.studio.info')}>
          <Info size={20} aria-hidden="true" />
        </Link>
      ) : null}
    </div>
  );

  if (!ref) return <EmptyState icon={<Info size={28} />} title={t('casino.room.unknownGame')} />;
  if (!signedIn)
    return (
      <div className={styles.room}>
        {bar}
        <EmptyState icon={<LogIn size={28} />} title={t('casino.room.loginTitle')} body={t('casino.room.loginBody')} />
        <Link className={styles.loginLink} to={paths.loginb}>
          {t('header.login')}
        </Link>
      </div>
    );
  return (
    <div className={styles.room}>
      {bar}
      {launch.isPending ? <LoadingOverlay /> : null}
      {launch.isError ? (
        <EmptyState
          icon={<Info size={28} />}
          title={apiErrorMessage(launch.error, t)}
          onRefresh={() => void launch.refetch()}
          refreshing={launch.isRefetching}
          action={<LimitRequiredAction error={launch.error} />}
        />
      ) : null}
      {closedBy ? <EmptyState icon={<Info size={28} />} title={apiErrorMessage(closedBy, t)} /> : null}
      {launch.data && !closedBy ? (
        <iframe ref={frame} className={styles.frame} src={launch.data.game_url} title={t('casino.room.frameTitle')} allow="autoplay; fullscreen" />
      ) : null}
    </div>
  );
}
