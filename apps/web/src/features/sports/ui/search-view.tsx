import { Search, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useLeagueListQuery, useSearchQuery } from '../api/sports-api.ts';
import type { OddsSelect } from '../odds-selection.ts';
import { LeagueRows } from './league-rows.tsx';
import { MatchListView } from './match-list-view.tsx';
import styles from './sports.module.css';
import searchStyles from './search-view.module.css';

/** Typing settles for this long before the search is asked. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * Search (/az-filter): teams and leagues found as the player types, with their live and upcoming matches; with
 * nothing typed, every league A–Z with its counts and a star.
 */
export function SearchView({ leagueHref, onSelect }: { leagueHref: (leagueId: number) => string; onSelect?: OddsSelect }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useSearchQuery(keyword);
  const leagues = useLeagueListQuery();
  const collator = new Intl.Collator(i18n.language);
  return (
    <div className={styles.stack}>
      <label className={searchStyles.field}>
        <Search size={18} aria-hidden="true" />
        <span className="visually-hidden">{t('sports.search.label')}</span>
        <input
          type="search"
          value={text}
          maxLength={50}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('sports.search.placeholder')}
          onChange={(event) => setText(event.target.value)}
          className={searchStyles.input}
        />
      </label>
      {keyword === '' ? (
        leagues.status === 'pending' ? (
          <Skeleton height={240} radius={12} />
        ) : leagues.status === 'error' ? (
          <EmptyState
            icon={<SearchX size={28} />}
            title={t('sports.errorTitle')}
            body={t('sports.errorBody')}
            onRefresh={() => void leagues.refetch()}
            refreshing={leagues.isRefetching}
          />
        ) : (
          <section className={styles.stack} aria-label={t('sports.search.allLeagues')}>
            <h2 className={styles.heading}>{t('sports.search.allLeagues')}</h2>
            <LeagueRows leagues={[...leagues.data.list].sort((a, b) => collator.compare(a.na, b.na))} leagueHref={leagueHref} />
          </section>
        )
      ) : search.status === 'pending' ? (
        <Skeleton height={180} radius={12} />
      ) : search.status === 'error' ? (
        <EmptyState
          icon={<SearchX size={28} />}
          title={t('sports.errorTitle')}
          body={t('sports.errorBody')}
          onRefresh={() => void search.refetch()}
          refreshing={search.isRefetching}
        />
      ) : search.data.leagues.length === 0 && search.data.teams.length === 0 ? (
        <EmptyState icon={<SearchX size={28} />} title={t('sports.search.noneTitle')} body={t('sports.search.noneBody', { keyword })} />
      ) : (
        <>
          {search.data.leagues.length > 0 ? (
            <section className={styles.stack} aria-label={t('sports.search.leagues')}>
              <h2 className={styles.heading}>{t('sports.search.leagues')}</h2>
              <LeagueRows leagues={search.data.leagues} leagueHref={leagueHref} />
            </section>
          ) : null}
          {search.data.teams.length > 0 ? (
            <section className={styles.stack} aria-label={t('sports.search.teams')}>
              <h2 className={styles.heading}>{t('sports.search.teams')}</h2>
              <p className={styles.hint}>{search.data.teams.map((team) => team.na).join(' · ')}</p>
            </section>
          ) : null}
          <section className={styles.stack} aria-label={t('sports.search.matches')}>
            <h2 className={styles.heading}>{t('sports.search.matches')}</h2>
            <MatchListView
              key={keyword}
              source={{
                records: search.data.records,
                status: 'success',
                dataUpdatedAt: search.dataUpdatedAt,
                hasNextPage: false,
                isFetchingNextPage: false,
                isRefetching: search.isRefetching,
                fetchNextPage: () => undefined,
                refetch: () => search.refetch(),
              }}
              onSelect={onSelect}
              empty={{ title: t('sports.search.noMatchesTitle'), body: t('sports.search.noMatchesBody') }}
            />
          </section>
        </>
      )}
    </div>
  );
}
