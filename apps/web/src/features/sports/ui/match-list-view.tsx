import type { Match, MatchOdds } from '@piranha/contract';
import { DATE_FORMATS, dateFormatOf, intlLocaleOf } from '@piranha/domain';
import type { TFunction } from '../../../shared/i18n/translate.ts';
import { ChevronDown, Trophy } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { matchDetailHref as matchDetailHrefOf } from '../../../shared/paths/paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { oddsById, useLatestOddsQuery, useMatchChanges } from '../api/sports-api.ts';
import { cardMarkets } from '../markets.ts';
import { MATCH_STATUS, matchListPatch, matchSections, type MatchSection } from '../match-list.ts';
import type { OddsSelect } from '../odds-selection.ts';
import { useVisibleMatches } from '../use-visible-matches.ts';
import { oddsReceivedAtOf } from '../odds-delta.ts';
import { useOddsPush } from '../odds-push.ts';
import { MatchCard } from './match-card.tsx';
import styles from './match-list-view.module.css';

export interface MatchListSource {
  records: readonly Match[];
  status: 'pending' | 'error' | 'success';
  dataUpdatedAt: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isRefetching: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** Where a card opens match detail (spec §2 state: matchId, isComing, matchType). */
export function matchDetailHref(match: Pick<Match, 'id' | 'ms' | 'ty'>): string {
  return matchDetailHrefOf(match.id, match.ms === MATCH_STATUS.notStarted, match.ty);
}

/**
 * A list of matches in collapsible sections (live now, then upcoming by day) with infinite scroll, the 2 s latest-odds
 * poll of the cards on screen and the 5 s incremental list (spec §2, §4). Loading, error and empty states included.
 */
export function MatchListView({
  source,
  liveMax,
  liveOnly,
  onSelect,
  empty,
}: {
  source: MatchListSource;
  liveMax?: number;
  liveOnly?: boolean;
  onSelect?: OddsSelect;
  empty?: { title: string; body: string };
}) {
  const { ids, observe } = useVisibleMatches();
  useOddsPush();
  const latest = useLatestOddsQuery(ids);
  const latestById = oddsById(latest.data?.records);
  // While a new set of ids loads, the previous answer stands in; its time is the time of the last real answer.
  const [oddsAt, setOddsAt] = useState(0);
  if (!latest.isPlaceholderData && latest.dataUpdatedAt > oddsAt) setOddsAt(latest.dataUpdatedAt);
  const refetch = source.refetch;
  const onReset = useCallback(() => void refetch(), [refetch]);
  const changes = useMatchChanges(source.records, ids.length > 0, onReset);
  const records = matchListPatch(source.records, [...changes.values()]).filter((match) => (latestById.get(match.id)?.ms ?? match.ms) !== MATCH_STATUS.ended);
  const sections = matchSections(
    // A card whose status did not move keeps its match object (MatchCard is memoised on its props).
    records.map((match) => {
      const ms = latestById.get(match.id)?.ms ?? match.ms;
      return ms === match.ms ? match : { ...match, ms };
    }),
    { liveMax, liveOnly },
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const onCollapse = useCallback(
    (key: string, open: boolean) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        if (open) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  // The list's content renders a step behind its inputs (decision 081): an answer (the list, a poll, a pushed delta)
  // renders this component at once — it only works out the sections — and the cards in a background render React
  // slices in ~5 ms steps, so no answer makes one long task. The cards stand for the previous answer until then; a
  // mount (a tab switch with the list cached) renders them at once.
  const shown = useDeferredValue<ListSnapshot>({
    status: source.status,
    empty: records.length === 0,
    sections,
    latestById,
    oddsAt,
    dataUpdatedAt: source.dataUpdatedAt,
  });
  return (
    <ListBody
      shown={shown}
      collapsed={collapsed}
      onCollapse={onCollapse}
      onSelect={onSelect}
      observe={observe}
      onRefresh={onReset}
      refreshing={source.isRefetching}
      emptyTitle={empty?.title}
      emptyBody={empty?.body}
      hasNextPage={source.hasNextPage}
      isFetchingNextPage={source.isFetchingNextPage}
      fetchNextPage={source.fetchNextPage}
    />
  );
}

interface ListSnapshot {
  status: MatchListSource['status'];
  /** No match to show (ended ones are left out). */
  empty: boolean;
  sections: MatchSection<Match>[];
  latestById: ReadonlyMap<number, MatchOdds>;
  oddsAt: number;
  dataUpdatedAt: number;
}

/** What the list shows for one snapshot of its inputs; memoised, so a render that defers it skips it. */
const ListBody = memo(function ListBody({
  shown,
  collapsed,
  onCollapse,
  onSelect,
  observe,
  onRefresh,
  refreshing,
  emptyTitle,
  emptyBody,
  ...more
}: MoreSource & {
  shown: ListSnapshot;
  collapsed: ReadonlySet<string>;
  onCollapse: (key: string, open: boolean) => void;
  onSelect?: OddsSelect;
  observe: (element: HTMLElement | null) => (() => void) | undefined;
  onRefresh: () => void;
  refreshing: boolean;
  emptyTitle: string | undefined;
  emptyBody: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { status, sections, latestById, oddsAt, dataUpdatedAt } = shown;
  if (status === 'pending') return <ListSkeleton />;
  if (status === 'error' && shown.empty) {
    return <EmptyState icon={<Trophy size={28} />} title={t('sports.errorTitle')} body={t('sports.errorBody')} onRefresh={onRefresh} refreshing={refreshing} />;
  }
  if (sections.length === 0) {
    return (
      <PullToRefresh onRefresh={onRefresh}>
        <EmptyState
          icon={<Trophy size={28} />}
          title={emptyTitle ?? t('sport.emptyTitle')}
          body={emptyBody ?? t('sport.emptyBody')}
          onRefresh={onRefresh}
          refreshing={refreshing}
        />
      </PullToRefresh>
    );
  }
  const locale = intlLocaleOf(i18n.language);
  return (
    <div className={styles.list}>
      {sections.map((section) => {
        const open = !collapsed.has(section.key);
        return (
          <section key={section.key} className={styles.section} aria-label={sectionTitle(section, t, locale)}>
            <button type="button" className={styles.sectionHeader} aria-expanded={open} onClick={() => onCollapse(section.key, open)}>
              {section.live ? <span className={styles.liveDot} aria-hidden="true" /> : null}
              <span className={styles.sectionTitle}>{sectionTitle(section, t, locale)}</span>
              <span className={styles.count}>{section.matches.length}</span>
              <span className={styles.columns}>{columnsLabel(section, t)}</span>
              <ChevronDown size={18} aria-hidden="true" className={open ? styles.chevronOpen : styles.chevron} />
            </button>
            {open
              ? section.matches.map((match) => {
                  const fresh = latestById.get(match.id);
                  return (
                    <MatchCard
                      key={match.id}
                      match={match}
                      latest={fresh}
                      receivedAtMs={fresh && oddsAt > 0 ? (oddsReceivedAtOf(fresh) ?? oddsAt) : dataUpdatedAt}
                      detailHref={matchDetailHref(match)}
                      onSelect={onSelect}
                      observe={observe}
                    />
                  );
                })
              : null}
          </section>
        );
      })}
      <ListEnd {...more} />
    </div>
  );
});

function sectionTitle(section: MatchSection<Match>, t: TFunction, locale: string): string {
  if (section.live) return t('sports.liveNow');
  const today = new Date();
  const day = new Date(section.dayMs ?? 0);
  if (day.toDateString() === today.toDateString()) return t('sports.today');
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  if (day.toDateString() === tomorrow.toDateString()) return t('sports.tomorrow');
  return dateFormatOf(locale, DATE_FORMATS.listDay).format(day);
}

function columnsLabel(section: MatchSection<Match>, t: TFunction): string {
  const first = section.matches[0];
  if (!first) return '';
  const { columns, total } = cardMarkets(first.sid, first.mg);
  const main = columns === 'oneXTwo' ? t('sports.columns.oneXTwo') : t('sports.columns.winner');
  return total ? `${main} · ${t('sports.columns.overUnder')}` : main;
}

/** Loads the next page when the end of the list scrolls into view; says so when there is nothing more. */
type MoreSource = Pick<MatchListSource, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

function ListEnd({ hasNextPage, isFetchingNextPage, fetchNextPage }: MoreSource) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <div ref={sentinel} className={styles.end} aria-live="polite">
      {isFetchingNextPage ? (
        <span className={styles.loadingMore}>{t('sports.loadingMore')}</span>
      ) : hasNextPage ? null : (
        <span>{t('sports.reachedBottom')}</span>
      )}
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.list} role="status" aria-busy="true" aria-label={t('sports.loading')}>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} height={112} radius={12} />
      ))}
    </div>
  );
}

/** The empty state refreshes on a downward pull from the top (spec §2), as well as by its button. */
function PullToRefresh({ onRefresh, children }: { onRefresh: () => void; children: ReactNode }) {
  const start = useRef<number | undefined>(undefined);
  return (
    <div
      onTouchStart={(event) => {
        start.current = window.scrollY <= 0 ? event.touches[0]?.clientY : undefined;
      }}
      onTouchEnd={(event) => {
        const from = start.current;
        const to = event.changedTouches[0]?.clientY;
        start.current = undefined;
        if (from !== undefined && to !== undefined && to - from > 72) onRefresh();
      }}
    >
      {children}
    </div>
  );
}
