import type { HomeTabKey } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { Activity, CircleDot, CircleDotDashed, Flame, Goal, History, Radio, Search, Star, Volleyball, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { Link } from '../../../shared/router/router.tsx';
import type { SportKey } from '../labels.ts';
import styles from './sport-tabs.module.css';

export type SportsTabKey = HomeTabKey | 'favourites';

export const TAB_ICONS: Readonly<Record<SportsTabKey, LucideIcon>> = {
  InPlay: Flame,
  Live: Radio,
  Soccer: Goal,
  BasketBall: CircleDot,
  Tennis: Activity,
  TableTennis: CircleDotDashed,
  Volleyball: Volleyball,
  favourites: Star,
};

/** Each sport's icon, the same as its home tab's. */
export const SPORT_ICONS: Readonly<Record<SportKey, LucideIcon>> = {
  soccer: TAB_ICONS.Soccer,
  basketball: TAB_ICONS.BasketBall,
  tennis: TAB_ICONS.Tennis,
  volleyball: TAB_ICONS.Volleyball,
  tableTennis: TAB_ICONS.TableTennis,
};

/** Spec §4: the first 6 tabs show at first, all of them after 2 s. */
export function useTabListExpanded(ready: boolean): boolean {
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setExpanded(true), TIMERS.tabListExpandMs);
    return () => clearTimeout(timer);
  }, [ready]);
  return expanded;
}

/** The category row (spec §2): sport tabs with icons, the Favourites tab, and entries to search and results. */
export function SportTabs({
  tabs,
  current,
  onChoose,
  searchHref,
  resultsHref,
}: {
  tabs: readonly { key: SportsTabKey; count?: number }[];
  current: SportsTabKey;
  onChoose: (key: SportsTabKey) => void;
  searchHref: string;
  resultsHref: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.row}>
      <div className={styles.tabs} role="tablist" aria-label={t('sports.tabsLabel')}>
        {tabs.map(({ key, count }) => {
          const Icon = TAB_ICONS[key];
          const selected = key === current;
          return (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={selected}
              className={`${styles.tab} ${selected ? styles.selected : ''}`}
              onClick={() => onChoose(key)}
            >
              <Icon size={20} aria-hidden="true" />
              <span className={styles.tabLabel}>{t(`sports.tabs.${key}`)}</span>
              {count ? (
                <span className={styles.badge} aria-hidden="true">
                  {count}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <Link to={searchHref} className={styles.entry} aria-label={t('sports.search.open')}>
        <Search size={20} aria-hidden="true" />
      </Link>
      <Link to={resultsHref} className={styles.entry} aria-label={t('sports.results.open')}>
        <History size={20} aria-hidden="true" />
      </Link>
    </div>
  );
}

/** Sub-tabs: sports under a type-1 tab, leagues under a type-2 tab (spec §4). */
export function SubTabs({
  items,
  current,
  onChoose,
  label,
}: {
  items: readonly { key: string; label: string; count?: number }[];
  current: string | undefined;
  onChoose: (key: string) => void;
  label: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className={styles.sub} role="tablist" aria-label={label}>
      {items.map((item) => {
        const selected = item.key === current;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={selected}
            className={`${styles.chip} ${selected ? styles.chipSelected : ''}`}
            onClick={() => onChoose(item.key)}
          >
            <span className={styles.chipLabel}>{item.label}</span>
            {item.count !== undefined ? <span className={styles.chipCount}>{item.count}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
