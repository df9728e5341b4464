import type { Banner } from '@piranha/contract';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Carousel } from '../../shared/ui/carousel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBannersQuery } from './api/banners.ts';
import styles from './banner-carousel.module.css';

/** Internal banner links are hash routes; anything else leaves the app in a new tab (spec §2 banner click). */
function bannerIsExternal(banner: Banner): boolean {
  return /^https?:\/\//.test(banner.url);
}

export function BannerCarousel({ source }: { source: 'sport' | 'game' }) {
  const { t, i18n } = useTranslation();
  const { data, isPending } = useBannersQuery(source, i18n.language);
  if (isPending)
    return (
      <div style={{ aspectRatio: '780 / 300' }}>
        <Skeleton height="100%" radius="var(--radius)" />
      </div>
    );
  if (!data || data.list.length === 0) return null;
  return (
    <Carousel
      items={data.list}
      itemKey={(banner) => banner.id}
      label={t('banner.label')}
      renderItem={(banner) => (
        <a className={styles.link} href={banner.url} {...(bannerIsExternal(banner) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {/* The first banner is the first screen's largest element: fetched first, never lazily. */}
          <img className={styles.image} src={banner.info} alt="" width={780} height={300} fetchPriority={banner === data.list[0] ? 'high' : 'low'} />
          <p className={styles.title}>{banner.title}</p>
        </a>
      )}
    />
  );
}
