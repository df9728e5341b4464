import type { Match, MatchOdds } from '@piranha/contract';
import { Star } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useFavouritesStore } from '../favourites-store.ts';
import { marketGroupTitle } from '../labels.ts';
import { cardMarkets, marketEmptyReason, SELECTION } from '../markets.ts';
import { MATCH_STATUS } from '../match-list.ts';
import type { OddsSelect } from '../odds-selection.ts';
import { OddsButton } from './odds-button.tsx';
import { MatchStatus } from './match-status.tsx';
import { TeamLogo } from './team-logo.tsx';
import styles from './match-card.module.css';

export interface MatchCardProps {
  match: Match;
  /** The latest odds poll for this match, when there is one; it wins over the listed copy. */
  latest?: MatchOdds;
  /** When the shown copy (latest, else listed) arrived: the clock ticks on from there. */
  receivedAtMs: number;
  /** Where the card opens match detail. */
  detailHref: string;
  /** Extension point for the bet slip: a tapped open option. Without it a tap does nothing. */
  onSelect?: OddsSelect;
  observe?: (element: HTMLElement | null) => (() => void) | undefined;
}

/**
 * Spec §2 match card: league, start time or live period, teams, score, main market odds (and a total for points sports).
 * Memoised on its props: a pushed odds delta (decision 075) gives new objects to the matches it names only, so the
 * other cards of the list do not render again.
 */
export const MatchCard = memo(function MatchCard({ match, latest, receivedAtMs, detailHref, onSelect, observe }: MatchCardProps) {
  const { t, i18n } = useTranslation();
  const shown = latest ? { ...match, ...latest } : match;
  const starred = useFavouritesStore((state) => state.matchIds.includes(match.id));
  const matchToggle = useFavouritesStore((state) => state.matchToggle);
  const { main, total } = cardMarkets(shown.sid, shown.mg);
  const mainMarket = main?.mks[0];
  const totalMarket = total?.mks[0];
  const score = shown.nsg.find((group) => group.pe === shown.sid * 1000 + 1 && group.tyg === 5)?.sc ?? shown.nsg[0]?.sc;
  const showScore = shown.ms === MATCH_STATUS.live && score !== undefined;
  const options = mainMarket?.op ?? [];
  const mainTitle = main ? marketGroupTitle(t, (key) => i18n.exists(key), shown.sid, main) : undefined;
  const totalTitle = total ? marketGroupTitle(t, (key) => i18n.exists(key), shown.sid, total) : undefined;
  return (
    <article className={styles.card} ref={observe} data-match-id={match.id} aria-label={shown.nm}>
      <div className={styles.top}>
        <span className={styles.league}>{shown.lg.na}</span>
        <MatchStatus match={shown} receivedAtMs={receivedAtMs} />
        <button
          type="button"
          className={`${styles.star} ${starred ? styles.starred : ''}`}
          aria-pressed={starred}
          aria-label={t('sports.favourite.match', { name: shown.nm })}
          onClick={() => matchToggle(match.id)}
        >
          <Star size={16} aria-hidden="true" fill={starred ? 'currentColor' : 'none'} />
        </button>
      </div>
      <Link to={detailHref} className={styles.teams}>
        {shown.ts.map((team, index) => (
          <span key={team.id} className={styles.team}>
            <TeamLogo name={team.na} url={team.lurl} />
            <span className={styles.teamName}>{team.na}</span>
            {showScore ? <span className={styles.score}>{score[index]}</span> : null}
          </span>
        ))}
      </Link>
      <div className={styles.odds}>
        {mainMarket && options.length > 0 ? (
          [SELECTION.home, SELECTION.draw, SELECTION.away]
            .map((ty) => options.find((option) => option.ty === ty))
            .filter((option) => option !== undefined)
            .map((option) => (
              <OddsButton
                key={option.ty}
                inline
                marketStatus={mainMarket.ss}
                onSelect={onSelect}
                label={option.ty === SELECTION.draw ? 'X' : option.ty === SELECTION.home ? '1' : '2'}
                selection={{
                  matchId: match.id,
                  marketId: mainMarket.id,
                  optionType: option.ty,
                  odds: option.od,
                  name: option.nm,
                  line: option.li,
                  market: mainTitle,
                }}
              />
            ))
        ) : (
          <span className={styles.noMarket}>{marketEmptyReason(mainMarket) === 'closed' ? t('sports.detail.marketClosed') : t('sports.noMarket')}</span>
        )}
        <Link to={detailHref} className={styles.more} aria-label={t('sports.marketsCount', { count: shown.tms })}>
          +{shown.tms}
        </Link>
      </div>
      {totalMarket?.op && totalMarket.op.length > 0 ? (
        <div className={styles.odds}>
          {totalMarket.op.map((option) => (
            <OddsButton
              key={option.ty}
              inline
              marketStatus={totalMarket.ss}
              onSelect={onSelect}
              label={option.ty === SELECTION.over ? t('sports.option.overShort', { line: option.li }) : t('sports.option.underShort', { line: option.li })}
              selection={{
                matchId: match.id,
                marketId: totalMarket.id,
                optionType: option.ty,
                odds: option.od,
                name: option.nm,
                line: option.li,
                market: totalTitle,
              }}
            />
          ))}
          <span className={styles.totalsLabel}>{t('sports.total')}</span>
        </div>
      ) : null}
    </article>
  );
});
