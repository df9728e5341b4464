import type { TFunction } from '../../../shared/i18n/translate.ts';
import { intlLocaleOf } from '@piranha/domain';
import { SPORT_IDS, type MatchResultWire } from '@piranha/contract';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useResultsQuery } from '../api/sports-api.ts';
import { marketPeriod } from '../markets.ts';
import { SubTabs } from './sport-tabs.tsx';
import styles from './results-view.module.css';

type SportName = keyof typeof SPORT_IDS;

/** Results of finished matches, latest first, filtered by sport: final score and the score of each period. */
export function ResultsView() {
  const { t } = useTranslation();
  const [sport, setSport] = useState<SportName | 'all'>('all');
  const results = useResultsQuery(sport === 'all' ? undefined : SPORT_IDS[sport]);
  const records = results.data?.pages.flatMap((page) => page.records) ?? [];
  return (
    <div className={styles.stack}>
      <SubTabs
        label={t('sports.sportsLabel')}
        current={sport}
        onChoose={(key) => setSport(key as SportName | 'all')}
        items={[
          { key: 'all', label: t('sports.results.all') },
          ...(Object.keys(SPORT_IDS) as SportName[]).map((key) => ({ key, label: t(`sports.sportId.${key}`) })),
        ]}
      />
      {results.status === 'pending' ? (
        <Skeleton height={300} radius={12} />
      ) : results.status === 'error' ? (
        <EmptyState
          icon={<History size={28} />}
          title={t('sports.errorTitle')}
          body={t('sports.errorBody')}
          onRefresh={() => void results.refetch()}
          refreshing={results.isRefetching}
        />
      ) : records.length === 0 ? (
        <EmptyState
          icon={<History size={28} />}
          title={t('sports.results.emptyTitle')}
          body={t('sports.results.emptyBody')}
          onRefresh={() => void results.refetch()}
          refreshing={results.isRefetching}
        />
      ) : (
        <>
          <ul className={styles.list}>
            {records.map((result) => (
              <ResultRow key={result.id} result={result} />
            ))}
          </ul>
          {results.hasNextPage ? (
            <Button
              variant="ghost"
              block
              onClick={() => void results.fetchNextPage()}
              disabled={results.isFetchingNextPage}
              aria-busy={results.isFetchingNextPage}
            >
              {t('sports.results.more')}
            </Button>
          ) : (
            <p className={styles.end}>{t('sports.reachedBottom')}</p>
          )}
        </>
      )}
    </div>
  );
}

function ResultRow({ result }: { result: MatchResultWire }) {
  const { t, i18n } = useTranslation();
  const final = result.nsg.find((group) => group.pe === result.sid * 1000 + 1)?.sc;
  const periods = result.nsg.filter((group) => group.pe !== result.sid * 1000 + 1 && group.tyg === 5);
  const ended = new Date(result.et).toLocaleString(intlLocaleOf(i18n.language), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <li className={styles.row}>
      <div className={styles.top}>
        <span className={styles.league}>{result.lg.na}</span>
        <span>{ended}</span>
      </div>
      {result.ts.map((team, index) => (
        <div key={team.id} className={styles.team}>
          <span className={styles.name}>{team.na}</span>
          {periods.map((period) => (
            <span key={period.pe} className={styles.period} title={periodTitle(t, result.sid, period.pe)}>
              {period.sc[index]}
            </span>
          ))}
          <span className={`${styles.final} ${final && final[index]! > final[1 - index]! ? styles.winner : ''}`}>{final?.[index] ?? '–'}</span>
        </div>
      ))}
    </li>
  );
}

function periodTitle(t: TFunction, sportId: number, periodCode: number): string {
  const period = marketPeriod(sportId, periodCode);
  switch (period.key) {
    case 'quarter':
    case 'set':
    case 'game':
      return t(`sports.period.${period.key}`, { n: period.n });
    case 'full':
      return '';
    default:
      return t(`sports.period.${period.key}`);
  }
}
