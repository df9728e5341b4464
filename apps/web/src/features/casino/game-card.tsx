import type { GameCard as GameCardData } from '@piranha/contract';
import { Heart } from 'lucide-react';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { useFavouriteMutation } from './api/hall.ts';
import { useCoverArt } from './cover-art-loader.ts';
import { coverSrcLater } from './cover-queue.ts';
import { gameRoomHref } from '../../shared/paths/paths.ts';
import styles from './game-card.module.css';

/**
 * One game in a grid: its cover opens the game room; the heart favourites it for a signed-in player. Kept while its
 * game and eagerness are: a grid that scrolls draws only the cards that come into view.
 */
export const GameCard = memo(function GameCard({ game, eager = false }: { game: GameCardData; eager?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((state) => state.login !== undefined);
  const favourite = useFavouriteMutation();
  const art = useCoverArt();
  const drawn = game.game_cover === '' || game.game_cover.startsWith('svg:');
  const src = drawn ? art?.coverSrc(game) : game.game_cover;
  // A drawn cover (an SVG document) gets its source in a task of its own, not in the commit that draws the card.
  const cover = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!drawn || !src || !cover.current) return;
    return coverSrcLater(cover.current, src);
  }, [drawn, src]);
  const isFavourite = favourite.isPending ? favourite.variables.favourite : game.favourite === 1;
  return (
    <div className={styles.card}>
      {/* The name is the link's first text, so what a voice-control user reads on the card (the badge) is in it too. */}
      <Link to={gameRoomHref(game)} className={styles.link}>
        <span className="visually-hidden">{game.game_name}</span>
        {src ? (
          <img
            ref={cover}
            className={styles.cover}
            src={drawn ? undefined : src}
            alt=""
            width={240}
            height={320}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            draggable={false}
          />
        ) : null}
        {game.is_new === 1 ? (
          <span className={styles.badge}>{t('casino.badgeNew')}</span>
        ) : game.is_hot === 1 ? (
          <span className={`${styles.badge} ${styles.hot}`}>{t('casino.badgeHot')}</span>
        ) : null}
      </Link>
      {signedIn ? (
        <button
          type="button"
          className={`${styles.heart} ${isFavourite ? styles.on : ''}`}
          aria-pressed={isFavourite}
          aria-label={t('casino.favouriteToggle', { game: game.game_name })}
          onClick={() => favourite.mutate({ game, favourite: !isFavourite })}
        >
          <Heart size={16} aria-hidden="true" fill={isFavourite ? 'currentColor' : 'none'} />
        </button>
      ) : null}
    </div>
  );
});
