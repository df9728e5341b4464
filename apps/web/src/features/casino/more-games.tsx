import { ChevronRight } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import listStyles from '../../shared/ui/list-card.module.css';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useHallTabsQuery } from './api/hall.ts';
import { paths, tagDetailHref } from '../../shared/paths/paths.ts';
import styles from './more-games.module.css';

/** /more: every category and every provider that has games, with how many, each opening its full list. */
export function MoreGames() {
  const { t } = useTranslation();
  const tabs = useHallTabsQuery();
  const sections = [
    {
      title: t('casino.categoriesLabel'),
      rows: (tabs.data?.sub_tabs ?? []).map((tab) => ({ key: tab.tab_key, label: tab.category_name, count: tab.game_count })),
    },
    {
      title: t('casino.providersLabel'),
      rows: (tabs.data?.providers ?? []).map((entry) => ({ key: `provider:${entry.game_platform}`, label: entry.name, count: entry.game_count })),
    },
  ];
  return (
    <div className={styles.more}>
      <PageTitle title={t('casino.moreTitle')} backTo={paths.game} />
      {tabs.isPending ? <Skeleton height={240} radius="var(--radius)" /> : null}
      {sections.map((section) =>
        section.rows.length > 0 ? (
          <section key={section.title} className={styles.section}>
            <h2 className={styles.heading}>{section.title}</h2>
            <ul className={listStyles.listCard}>
              {section.rows.map((row) => (
                <li key={row.key}>
                  <Link to={tagDetailHref(row.key)} className={styles.row}>
                    <span className={styles.label}>{row.label}</span>
                    <span className={styles.count}>{row.count}</span>
                    <ChevronRight size={18} aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </div>
  );
}
