import type { Banner } from '@piranha/contract';
import { bannerClickAction } from '@piranha/domain';
import type { MouseEvent } from 'react';
import { useNavigate } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Carousel } from '../../shared/ui/carousel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBannersQuery } from './api/banners.ts';
import styles from './banner-carousel.module.css';

/**
 * Spec §2 banner click, decided by `bannerClickAction` (domain): banned → the download page, pwa → the installed-web-app
 * landing, the USDT banner → deposit, internal links navigate, external ones open outside; anything else does nothing.
 */
function bannerHref(banner: Banner): { href: string; external: boolean } {
  const action = bannerClickAction(banner, window.location.origin);
  if (action.kind === 'navigate') return { href: `#${action.path}`, external: false };
  if (action.kind === 'open') return { href: action.url, external: true };
  return { href: '#', external: false };
}

export function BannerCarousel({ source }: { source: 'sport' | 'game' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending } = useBannersQuery(source, i18n.language);
  const onClick = (banner: Banner) => (event: MouseEvent<HTMLAnchorElement>) => {
    const action = bannerClickAction(banner, window.location.origin);
    if (action.kind === 'open') return;
    event.preventDefault();
    if (action.kind === 'navigate') void navigate(action.path);
  };
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
        <a
          className={styles.link}
          href={bannerHref(banner).href}
          onClick={onClick(banner)}
          {...(bannerHref(banner).external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {/* The first banner is the first screen's largest element: fetched first, never lazily. */}
          <img className={styles.image} src={banner.info} alt="" width={780} height={300} fetchPriority={banner === data.list[0] ? 'high' : 'low'} />
          <p className={styles.title}>{banner.title}</p>
        </a>
      )}
    />
  );
}
