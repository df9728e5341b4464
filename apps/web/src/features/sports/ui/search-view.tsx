import { intlLocaleOf } from '@piranha/domain';
import { SPORT_IDS, type LeagueWithCounts } from '@piranha/contract';
import { ChevronRight, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { Link, useNavigate } from '../../../shared/router/router.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useLeagueListQuery, useSearchQuery } from '../api/sports-api.ts';
import type { SportKey } from '../labels.ts';
import { LeagueRows } from './league-rows.tsx';
import { SearchField, useSettledKeyword } from './search-field.tsx';
import { SPORT_ICONS } from './sport-tabs.tsx';
import { TeamRows, type TeamRow } from './team-rows.tsx';
import styles from './sports.module.css';
import searchStyles from './search-view.module.css';

/** Suggestions shown of each kind while typing; the full list is on the results page. */
const SUGGESTIONS_MAX = 5;

export interface SearchLinks {
  /** The matches of a league (the A–Z filter's match page). */
  leagueHref: (leagueId: number, name: string) => string;
  /** The matches of a team. */
  teamHref: (team: TeamRow) => string;
  /** The matches of a sport. */
  sportHref: (sportId: number) => string;
  /** Every result for a keyword (/az-filter-search). */
  resultsHref: (keyword: string) => string;
}

/** League names by id, to say which league a team was found in. */
export function leagueNames(leagues: readonly LeagueWithCounts[] | undefined): ReadonlyMap<number, string> {
  return new Map((leagues ?? []).map((league) => [league.id, league.na]));
}

/**
 * The A–Z filter (/az-filter): with nothing typed, the sports and every league A–Z with their counts and a star;
 * as the player types, the first teams and leagues found, and the way to every result (the link, or Enter).
 */
export function SearchView({ links }: { links: SearchLinks }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useSettledKeyword(text);
  return (
    <div className={styles.stack}>
      <SearchField text={text} onText={setText} onSubmit={(typed) => void navigate(links.resultsHref(typed))} />
      {keyword === '' ? <AzLists links={links} /> : <Suggestions keyword={keyword} links={links} />}
    </div>
  );
}

/** Nothing typed: the sports A–Z (with their match counts), then every league A–Z. */
function AzLists({ links }: { links: SearchLinks }) {
  const { t, i18n } = useTranslation();
  const leagues = useLeagueListQuery();
  const collator = new Intl.Collator(intlLocaleOf(i18n.language));
  if (leagues.status === 'pending') return <Skeleton height={240} radius={12} />;
  if (leagues.status === 'error') {
    return (
      <EmptyState
        icon={<SearchX size={28} />}
        title={t('sports.errorTitle')}
        body={t('sports.errorBody')}
        onRefresh={() => void leagues.refetch()}
        refreshing={leagues.isRefetching}
      />
    );
  }
  const sports = (Object.entries(SPORT_IDS) as [SportKey, number][])
    .map(([key, id]) => {
      const own = leagues.data.list.filter((league) => league.sid === id);
      return { key, id, label: t(`sports.sportId.${key}`), count: own.reduce((sum, league) => sum + league.live_count + league.upcoming_count, 0) };
    })
    .filter((sport) => sport.count > 0)
    .sort((left, right) => collator.compare(left.label, right.label));
  return (
    <>
      {sports.length > 0 ? (
        <section className={styles.stack} aria-label={t('sports.search.sports')}>
          <h2 className={styles.heading}>{t('sports.search.sports')}</h2>
          <ul className={searchStyles.sports}>
            {sports.map((sport) => {
              const Icon = SPORT_ICONS[sport.key];
              return (
                <li key={sport.key}>
                  <Link to={links.sportHref(sport.id)} className={searchStyles.sport}>
                    <Icon size={18} aria-hidden="true" />
                    <span className={searchStyles.sportLabel}>{sport.label}</span>
                    <span className={searchStyles.sportCount}>{sport.count}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <section className={styles.stack} aria-label={t('sports.search.allLeagues')}>
        <h2 className={styles.heading}>{t('sports.search.allLeagues')}</h2>
        <LeagueRows leagues={[...leagues.data.list].sort((a, b) => collator.compare(a.na, b.na))} leagueHref={links.leagueHref} />
      </section>
    </>
  );
}

/** While typing: the first teams and leagues found. */
function Suggestions({ keyword, links }: { keyword: string; links: SearchLinks }) {
  const { t } = useTranslation();
  const search = useSearchQuery(keyword);
  const leagues = useLeagueListQuery();
  if (search.status === 'pending') return <Skeleton height={180} radius={12} />;
  if (search.status === 'error') {
    return (
      <EmptyState
        icon={<SearchX size={28} />}
        title={t('sports.errorTitle')}
        body={t('sports.errorBody')}
        onRefresh={() => void search.refetch()}
        refreshing={search.isRefetching}
      />
    );
  }
  if (search.data.leagues.length === 0 && search.data.teams.length === 0) {
    return <EmptyState icon={<SearchX size={28} />} title={t('sports.search.noneTitle')} body={t('sports.search.noneBody', { keyword })} />;
  }
  const names = leagueNames(leagues.data?.list);
  return (
    <>
      {search.data.teams.length > 0 ? (
        <section className={styles.stack} aria-label={t('sports.search.teams')}>
          <h2 className={styles.heading}>{t('sports.search.teams')}</h2>
          <TeamRows
            teams={search.data.teams.slice(0, SUGGESTIONS_MAX).map((team) => ({ ...team, leagueName: names.get(team.lg_id) }))}
            teamHref={links.teamHref}
          />
        </section>
      ) : null}
      {search.data.leagues.length > 0 ? (
        <section className={styles.stack} aria-label={t('sports.search.leagues')}>
          <h2 className={styles.heading}>{t('sports.search.leagues')}</h2>
          <LeagueRows leagues={search.data.leagues.slice(0, SUGGESTIONS_MAX)} leagueHref={links.leagueHref} />
        </section>
      ) : null}
      <Link to={links.resultsHref(keyword)} className={searchStyles.allResults}>
        <span>{t('sports.search.allResults', { keyword })}</span>
        <ChevronRight size={18} aria-hidden="true" />
      </Link>
    </>
  );
}
