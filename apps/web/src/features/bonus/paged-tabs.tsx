import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import styles from './bonus.module.css';
import segmented from '../../shared/ui/segmented.module.css';

/** The minute clock of the countdowns: one re-render every half minute for a whole list, not a timer per card. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What the tabs read of a paged (infinite) list query. */
interface PagedList {
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface PagedTabsProps<Tab extends string> {
  /** Prefix of the tab and panel ids (`<id>-tab-<tab>`, `<id>-panel`). */
  id: string;
  label: string;
  tabs: readonly Tab[];
  tab: Tab;
  onTab: (tab: Tab) => void;
  tabText: (tab: Tab) => string;
  list: PagedList;
  /** Shown while the first page loads. */
  loading: ReactNode;
  /** Shown when the loaded list is empty (or failed); `null` when there are items. */
  empty: ReactNode;
  children: ReactNode;
}

/**
 * Two or more tabs over one paged list (bonuses, awards, free rounds): the tab strip, its panel with the loading, empty
 * and item states, and a "More" button while pages are left. Each list keeps its own cards and empty-state actions.
 */
export function PagedTabs<Tab extends string>({ id, label, tabs, tab, onTab, tabText, list, loading, empty, children }: PagedTabsProps<Tab>) {
  const { t } = useTranslation();
  return (
    <>
      <div className={segmented.switch} role="tablist" aria-label={label}>
        {tabs.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            id={`${id}-tab-${entry}`}
            aria-selected={tab === entry}
            aria-controls={`${id}-panel`}
            className={segmented.switchTab}
            onClick={() => onTab(entry)}
          >
            {tabText(entry)}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className={styles.stack}>
        {list.isPending ? loading : (empty ?? children)}
        {list.hasNextPage ? (
          <Button variant="ghost" block onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {t('bonus.more')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
