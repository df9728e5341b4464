import { htmlSanitize, intlLocaleOf } from '@piranha/domain';
import { FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import styles from './help.module.css';

/**
 * Operator HTML as a page: sanitized by the server when written and when read, and once more here against the same
 * allow-list, so no script reaches the page even from a tampered answer (decision 038).
 */
export function HelpHtml({ html }: { html: string }) {
  return <div className={styles.rich} dangerouslySetInnerHTML={{ __html: htmlSanitize(html) }} />;
}

export function HelpDate({ time }: { time: number }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium' }).format(new Date(time * 1000));
  return <p className={styles.meta}>{t('help.published', { date })}</p>;
}

/** What HelpLoad reads of a TanStack query. */
interface HelpRead {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

/**
 * Loading, failed or the content: the three states of every help read. `missing` (an address without its id) shows
 * the failure at once: a query that cannot run is not loading.
 */
export function HelpLoad({ query, missing = false, children }: { query: HelpRead; missing?: boolean; children: () => ReactNode }) {
  const { t } = useTranslation();
  if (missing || query.isError)
    return <EmptyState icon={<FileQuestion size={28} />} title={t('help.loadFailed')} onRefresh={() => void query.refetch()} refreshing={query.isFetching} />;
  if (query.isPending)
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={28} />
        <Skeleton height={120} />
      </div>
    );
  return <>{children()}</>;
}
