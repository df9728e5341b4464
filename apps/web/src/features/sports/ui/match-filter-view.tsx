import type { Match } from '@piranha/contract';
import { SearchX } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { Link } from '../../../shared/router/router.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useFilteredMatchesQuery } from '../api/sports-api.ts';
import { sportKeyOfId, type SportKey } from '../labels.ts';
import type { MatchFilter } from '../../../shared/paths/match-filter.ts';
import type { OddsSelect } from '../odds-selection.ts';
import { LeagueStar } from './league-star.tsx';
import { MatchListView } from './match-list-view.tsx';
import { SPORT_ICONS } from './sport-tabs.tsx';
import { TeamLogo } from './team-logo.tsx';
import styles from './sports.module.css';
import filterStyles from './match-filter-view.module.css';

/** The name of what is filtered on: from the matches when they have come (they carry it), else from the link. */
export function matchFilterName(filter: MatchFilter, records: readonly Match[], sportName: (sportKey: SportKey) => string): string | undefined {
  switch (filter.by) {
    case 'team':
      return records.flatMap((match) => match.ts).find((team) => team.id === filter.id)?.na ?? filter.name;
    case 'league':
      return records.find((match) => match.lg.id === filter.id)?.lg.na ?? filter.name;
    case 'sport': {
      const key = sportKeyOfId(filter.id);
      return key ? sportName(key) : undefined;
    }
  }
}

/**
 * The A–Z filter's match page (/az-filter-match): the live and upcoming matches of one team, one league or one
 * sport, as cards whose odds go into the bet slip (`onSelect`). A header names the filter (team logo, league
 * star, sport icon). Loading, error and empty states come with the list; a link without a valid filter gets a
 * not-found state that leads back to the A–Z filter.
 */
export function MatchFilterView({ filter, onSelect, filterHref }: { filter: MatchFilter | undefined; onSelect?: OddsSelect; filterHref: string }) {
  const { t } = useTranslation();
  const list = useFilteredMatchesQuery(filter);
  if (!filter) {
    return (
      <div className={styles.stack}>
        <EmptyState icon={<SearchX size={28} />} title={t('sports.filter.notFoundTitle')} body={t('sports.filter.notFoundBody')} />
        <Link to={filterHref} className={filterStyles.back}>
          {t('sports.filter.backToSearch')}
        </Link>
      </div>
    );
  }
  const name = matchFilterName(filter, list.records, (key) => t(`sports.sportId.${key}`));
  const team = filter.by === 'team' ? list.records.flatMap((match) => match.ts).find((entry) => entry.id === filter.id) : undefined;
  const league = filter.by === 'league' ? list.records.find((match) => match.lg.id === filter.id)?.lg : undefined;
  const sportKey = filter.by === 'sport' ? sportKeyOfId(filter.id) : undefined;
  const SportIcon = sportKey ? SPORT_ICONS[sportKey] : undefined;
  const kind = t(`sports.filter.kind.${filter.by}`);
  return (
    <div className={styles.stack}>
      <header className={filterStyles.header} data-testid="match-filter">
        {filter.by === 'team' ? <TeamLogo name={name ?? '?'} url={team?.lurl ?? ''} size={40} /> : null}
        {SportIcon ? (
          <span className={filterStyles.icon} aria-hidden="true">
            <SportIcon size={22} />
          </span>
        ) : null}
        <div className={filterStyles.titles}>
          <span className={filterStyles.kind}>{kind}</span>
          {/* A link without a name, to a team or league with no match now: the list says so; the header does not wait. */}
          <h2 className={filterStyles.name}>{name ?? (list.status === 'pending' ? t('sports.filter.loadingName') : t('sports.filter.unnamed'))}</h2>
          {league ? <span className={filterStyles.sub}>{league.rnm}</span> : null}
        </div>
        {league ? <LeagueStar league={{ id: league.id, na: league.na, sid: league.sid }} /> : null}
      </header>
      <MatchListView
        source={list}
        onSelect={onSelect}
        empty={{ title: t('sports.filter.emptyTitle', { name: name ?? kind }), body: t('sports.filter.emptyBody') }}
      />
    </div>
  );
}
