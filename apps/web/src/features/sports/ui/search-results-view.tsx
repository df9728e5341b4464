import type { Match } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useLeagueListQuery, useSearchQuery } from '../api/sports-api.ts';
import { LeagueRows } from './league-rows.tsx';
import { MATCH_STATUS } from '../match-list.ts';
import { SearchField, useSettledKeyword } from './search-field.tsx';
import { leagueNames, type SearchLinks } from './search-view.tsx';
import { TeamRows } from './team-rows.tsx';
import styles from './sports.module.css';
import searchStyles from './search-view.module.css';

/**
 * Every result for a keyword (/az-filter-search): the teams found, each with its live or next match, and the
 * leagues found, each leading to its matches on /az-filter-match (where odds can be tapped into the bet slip).
 * The keyword can be changed in place; `onKeyword` keeps it in the address so a reload or the back button
 * returns to the same results.
 */
export function SearchResultsView({ keyword: initial, onKeyword, links }: { keyword: string; onKeyword: (keyword: string) => void; links: SearchLinks }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const keyword = useSettledKeyword(text);
  return (
    <div className={styles.stack}>
      <SearchField
        text={text}
        onText={(typed) => {
          setText(typed);
          onKeyword(typed.trim());
        }}
      />
      {keyword === '' ? (
        <EmptyState icon={<SearchX size={28} />} title={t('sports.search.typeTitle')} body={t('sports.search.typeBody')} />
      ) : (
        <Results keyword={keyword} links={links} />
      )}
    </div>
  );
}

/** A team's live match, or else its next one, from the matches the search found (soonest first). */
function teamNext(records: readonly Match[], teamId: number): Match | undefined {
  return records.find((match) => match.ts.some((team) => team.id === teamId) && match.ms !== MATCH_STATUS.ended);
}

function Results({ keyword, links }: { keyword: string; links: SearchLinks }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocaleOf(i18n.language);
  const search = useSearchQuery(keyword);
  const leagues = useLeagueListQuery();
  if (search.status === 'pending') {
    return (
      <div className={styles.stack} role="status" aria-busy="true" aria-label={t('sports.search.searching')}>
        <Skeleton height={156} radius={12} />
        <Skeleton height={112} radius={12} />
      </div>
    );
  }
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
  const { teams, records } = search.data;
  const found = search.data.leagues;
  if (found.length === 0 && teams.length === 0) {
    return <EmptyState icon={<SearchX size={28} />} title={t('sports.search.noneTitle')} body={t('sports.search.noneBody', { keyword })} />;
  }
  const names = leagueNames(leagues.data?.list);
  const nextText = (teamId: number): string | undefined => {
    const match = teamNext(records, teamId);
    if (!match) return undefined;
    const opponent = match.ts.find((team) => team.id !== teamId)?.na ?? '';
    if (match.ms === MATCH_STATUS.live) return t('sports.search.teamLive', { opponent });
    const when = new Date(match.bt).toLocaleString(locale, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
    return t('sports.search.teamNext', { opponent, when });
  };
  return (
    <>
      {teams.length > 0 ? (
        <section className={styles.stack} aria-label={t('sports.search.teams')}>
          <h2 className={styles.heading}>
            {t('sports.search.teams')} <span className={searchStyles.count}>{teams.length}</span>
          </h2>
          <TeamRows
            teams={teams.map((team) => ({
              ...team,
              leagueName: names.get(team.lg_id),
              next: nextText(team.id),
              live: teamNext(records, team.id)?.ms === MATCH_STATUS.live,
            }))}
            teamHref={links.teamHref}
          />
        </section>
      ) : null}
      {found.length > 0 ? (
        <section className={styles.stack} aria-label={t('sports.search.leagues')}>
          <h2 className={styles.heading}>
            {t('sports.search.leagues')} <span className={searchStyles.count}>{found.length}</span>
          </h2>
          <LeagueRows leagues={found} leagueHref={links.leagueHref} />
        </section>
      ) : null}
    </>
  );
}
