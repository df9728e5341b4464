import type { GameBanner, GameMainKey } from '@piranha/contract';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { Carousel } from '../../shared/ui/carousel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useHallBannerQuery } from './api/hall.ts';
import { gameDetailHref } from '../../shared/paths/paths.ts';
import { useCoverArt } from './cover-art-loader.ts';
import styles from './lobby.module.css';

function bannerHref(banner: GameBanner): string {
  if (banner.banner_type === 'game') return gameDetailHref(banner);
  return banner.h5_url;
}

/** Spec §3 game banner: a game banner opens the game's page; a link banner opens its route or URL. */
export function GameBanners({ mainKey }: { mainKey?: GameMainKey }) {
  const { t } = useTranslation();
  const { data, isPending } = useHallBannerQuery(mainKey);
  const art = useCoverArt();
  if (isPending || !art)
    return (
      <div className={styles.banner}>
        <Skeleton height="100%" radius="var(--radius)" />
      </div>
    );
  if (!data || data.list.length === 0) return null;
  return (
    <div className={styles.banner}>
      <Carousel
        items={data.list}
        itemKey={(banner) => `${banner.game_platform}/${banner.game_id}`}
        label={t('casino.bannersLabel')}
        renderItem={(banner) => {
          const image = <img className={styles.bannerImage} src={art.bannerSrc(banner, t('casino.playNow'))} alt={banner.game_name} width={780} height={300} />;
          const href = bannerHref(banner);
          return /^https?:\/\//.test(href) ? (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {image}
            </a>
          ) : (
            <Link to={href}>{image}</Link>
          );
        }}
      />
    </div>
  );
}
