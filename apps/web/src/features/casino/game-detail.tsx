import { type CasinoGameInfo, intlLocaleOf } from '@piranha/domain';
import { Heart, Info, Play } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link, useSearchParams } from '../../shared/router/router.tsx';
import { casinoMethodText } from '../../shared/casino-method.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useFavouriteMutation, useGameInfoQuery } from './api/hall.ts';
import { apiErrorMessage } from '../../shared/api/api-error-message.ts';
import { gameRoomHref, paths } from '../../shared/paths/paths.ts';
import { useCoverArt } from './cover-art-loader.ts';
import styles from './game-detail.module.css';
import { gameRefFromSearch } from './game-room.tsx';
import { moneyText } from '../../shared/money/money.ts';

const VOLATILITY = {
  low: 'casino.volatility.low',
  medium: 'casino.volatility.medium',
  high: 'casino.volatility.high',
  'very high': 'casino.volatility.veryHigh',
} as const;

/** A game's page: cover, provider, its published figures, Play and Favourite. */
export function GameDetail() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const ref = gameRefFromSearch(search);
  const signedIn = useSessionStore((state) => state.login !== undefined);
  const query = useGameInfoQuery(ref?.platform ?? 'house', ref?.gameId ?? '');
  const favourite = useFavouriteMutation();
  const art = useCoverArt();
  if (!ref) return <EmptyState icon={<Info size={28} />} title={t('casino.room.unknownGame')} />;
  if (query.isPending)
    return (
      <div className={styles.detail}>
        <Skeleton height={260} radius="var(--radius)" />
        <Skeleton height={24} width="60%" />
      </div>
    );
  if (query.isError || !query.data)
    return <EmptyState icon={<Info size={28} />} title={apiErrorMessage(query.error, t)} onRefresh={() => void query.refetch()} />;
  const { card, currency } = query.data;
  // Only house games publish their figures; another provider's game shows its card and Play.
  const info = query.data.info as CasinoGameInfo | null;
  const money = (minor: number) => moneyText(minor, currency, i18n.language);
  const isFavourite = favourite.isPending ? favourite.variables.favourite : card.favourite === 1;
  const percent = (value: number, digits: number) =>
    `${value.toLocaleString(intlLocaleOf(i18n.language), { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
  return (
    <div className={styles.detail}>
      <PageTitle title={card.game_name} backTo={paths.game} />
      <div className={styles.hero}>
        {art ? (
          <img className={styles.cover} src={art.coverSrc(card)} alt="" width={240} height={320} />
        ) : (
          <div className={styles.cover} style={{ aspectRatio: '3 / 4' }} />
        )}
        <div className={styles.heading}>
          <p className={styles.provider}>{card.game_platform === 'house' ? t('casino.houseStudio') : card.game_platform}</p>
          {info ? (
            <p className={styles.rtp}>
              {t('casino.info.rtp')} <strong>{percent(info.rtpPercent, 2)}</strong>
            </p>
          ) : null}
        </div>
      </div>
      <div className={styles.actions}>
        <Link to={gameRoomHref(card)} className={buttonClassName({ variant: 'primary', block: true })}>
          <Play size={18} aria-hidden="true" />
          {t('casino.play')}
        </Link>
        {signedIn ? (
          <button
            type="button"
            className={buttonClassName({ variant: 'ghost' })}
            aria-pressed={isFavourite}
            aria-label={t('casino.favouriteToggle', { game: card.game_name })}
            onClick={() => favourite.mutate({ game: card, favourite: !isFavourite })}
          >
            <Heart size={18} aria-hidden="true" fill={isFavourite ? 'currentColor' : 'none'} />
          </button>
        ) : null}
      </div>
      {info ? (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>{t('casino.info.hitFrequency')}</dt>
              <dd>{percent(info.hitFrequencyPercent, 1)}</dd>
            </div>
            <div>
              <dt>{t('casino.info.volatility')}</dt>
              <dd>{t(VOLATILITY[info.volatility.band])}</dd>
            </div>
            <div>
              <dt>{t('casino.info.limits')}</dt>
              <dd>{money(info.betMinMinor)}+</dd>
            </div>
          </dl>
          <p className={styles.method}>{casinoMethodText(t, info.method, i18n.language)}</p>
        </>
      ) : null}
    </div>
  );
}
