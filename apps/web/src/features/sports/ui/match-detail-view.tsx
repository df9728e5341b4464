import type { MarketGroup, Match } from '@piranha/contract';
import { ChevronDown, SearchX, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useLatestOddsQuery, useMatchDetailQuery } from '../api/sports-api.ts';
import { useOddsPush } from '../odds-push.ts';
import { useFavouritesStore } from '../favourites-store.ts';
import { marketGroupTitle, optionText } from '../labels.ts';
import { marketGroupsOrder, SELECTION } from '../markets.ts';
import { MATCH_STATUS } from '../match-list.ts';
import type { OddsSelect } from '../odds-selection.ts';
import { MatchStatus } from './match-status.tsx';
import { OddsButton } from './odds-button.tsx';
import { TeamLogo } from './team-logo.tsx';
import styles from './match-detail.module.css';

/** Options named after a team: their handicap line is shown apart so a long name cannot hide it. */
const TEAM_SELECTIONS: readonly number[] = [SELECTION.home, SELECTION.away];

/**
 * Match detail (spec §2 /match-detail, §4): live score and clock, then every market group of the match with the
 * pinned types first, each collapsible. Odds, clock and score refresh every 2 s.
 */
export function MatchDetailView({ matchId, onSelect }: { matchId: number; onSelect?: OddsSelect }) {
  const { t, i18n } = useTranslation();
  useOddsPush();
  const detail = useMatchDetailQuery(matchId, i18n.language);
  const ended = detail.data?.ms === MATCH_STATUS.ended;
  const latest = useLatestOddsQuery(detail.data && !ended ? [matchId] : [], true);
  const fresh = latest.data?.records.find((record) => record.id === matchId);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const starred = useFavouritesStore((state) => state.matchIds.includes(matchId));
  const matchToggle = useFavouritesStore((state) => state.matchToggle);

  if (!(matchId > 0)) return <EmptyState icon={<SearchX size={28} />} title={t('sports.detail.notFoundTitle')} body={t('sports.detail.notFoundBody')} />;
  if (detail.status === 'pending') {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={132} radius={12} />
        <Skeleton height={96} radius={12} />
        <Skeleton height={96} radius={12} />
      </div>
    );
  }
  if (detail.status === 'error') {
    return (
      <EmptyState
        icon={<SearchX size={28} />}
        title={t('sports.detail.notFoundTitle')}
        body={t('sports.detail.notFoundBody')}
        onRefresh={() => void detail.refetch()}
        refreshing={detail.isRefetching}
      />
    );
  }
  const match: Match = fresh ? { ...detail.data, ...fresh } : detail.data;
  const receivedAtMs = fresh ? latest.dataUpdatedAt : detail.dataUpdatedAt;
  const score = match.nsg.find((group) => group.pe === match.sid * 1000 + 1 && group.tyg === 5)?.sc;
  const groups = marketGroupsOrder(match.mg);
  const keyOf = (group: MarketGroup, index: number) => `${group.mty}:${group.pe}:${index}`;
  return (
    <div className={styles.stack}>
      <section className={styles.scoreboard} aria-label={match.nm}>
        <div className={styles.scoreTop}>
          <span className={styles.league} data-testid="detail-league">
            {match.lg.na}
          </span>
          <button
            type="button"
            className={`${styles.star} ${starred ? styles.starred : ''}`}
            aria-pressed={starred}
            aria-label={t('sports.favourite.match', { name: match.nm })}
            onClick={() => matchToggle(match.id)}
          >
            <Star size={18} aria-hidden="true" fill={starred ? 'currentColor' : 'none'} />
          </button>
        </div>
        <div className={styles.teams}>
          <div className={styles.team}>
            <TeamLogo name={match.ts[0].na} url={match.ts[0].lurl} size={40} />
            <span className={styles.teamName} data-testid="detail-team">
              {match.ts[0].na}
            </span>
          </div>
          <div className={styles.middle}>
            {match.ms === MATCH_STATUS.notStarted ? (
              <span className={styles.vs}>{t('sports.detail.vs')}</span>
            ) : (
              <span className={styles.score}>{score ? `${score[0]} : ${score[1]}` : '– : –'}</span>
            )}
            <MatchStatus match={match} receivedAtMs={receivedAtMs} />
          </div>
          <div className={styles.team}>
            <TeamLogo name={match.ts[1].na} url={match.ts[1].lurl} size={40} />
            <span className={styles.teamName}>{match.ts[1].na}</span>
          </div>
        </div>
      </section>
      {groups.length === 0 ? (
        <EmptyState icon={<SearchX size={28} />} title={t('sports.detail.noMarketsTitle')} body={t('sports.detail.noMarketsBody')} />
      ) : (
        groups.map((group, index) => {
          const key = keyOf(group, index);
          const open = !collapsed.has(key);
          const title = marketGroupTitle(t, (name) => i18n.exists(name), match.sid, group);
          return (
            <section key={key} className={styles.group} data-mty={group.mty} aria-label={title}>
              <button
                type="button"
                className={styles.groupHeader}
                aria-expanded={open}
                onClick={() =>
                  setCollapsed((previous) => {
                    const next = new Set(previous);
                    if (open) next.add(key);
                    else next.delete(key);
                    return next;
                  })
                }
              >
                <span className={styles.groupTitle}>{title}</span>
                <ChevronDown size={18} aria-hidden="true" className={open ? styles.chevronOpen : styles.chevron} />
              </button>
              {open
                ? group.mks.map((market) => (
                    <div
                      key={market.id}
                      className={`${styles.options} ${(market.op?.length ?? 0) === 3 ? styles.three : (market.op?.length ?? 0) > 3 ? styles.many : ''}`}
                    >
                      {(market.op ?? []).map((option) => (
                        <OddsButton
                          key={option.ty}
                          marketStatus={market.ss}
                          onSelect={onSelect}
                          label={optionText(t, match, option, !TEAM_SELECTIONS.includes(option.ty))}
                          line={TEAM_SELECTIONS.includes(option.ty) ? option.li : undefined}
                          selection={{
                            matchId: match.id,
                            marketId: market.id,
                            optionType: option.ty,
                            odds: option.od,
                            name: option.nm,
                            line: option.li,
                            market: title,
                          }}
                        />
                      ))}
                      {!market.op || market.op.length === 0 ? <span className={styles.closed}>{t('sports.detail.marketClosed')}</span> : null}
                    </div>
                  ))
                : null}
            </section>
          );
        })
      )}
    </div>
  );
}
