import type { EndpointData, rankList } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { Medal, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useRankListQuery } from './api/loyalty.ts';
import styles from './loyalty.module.css';
import segmented from '../../shared/ui/segmented.module.css';
import listCard from '../../shared/ui/list-card.module.css';

type Board = EndpointData<typeof rankList>;
type Period = 'daily' | 'weekly';
type Kind = 'turnover' | 'win';

/** The /ranking-list page: the day's and the week's boards by settled turnover or by biggest win (decision 045), the top three apart, your place. */
export function RankingBoard() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [period, setPeriod] = useState<Period>('daily');
  const [kind, setKind] = useState<Kind>('turnover');
  const board = useRankListQuery(uid, period, kind);
  return (
    <div className={styles.stack}>
      <div className={segmented.switch} role="tablist" aria-label={t('loyalty.rank.kindLabel')}>
        {(['turnover', 'win'] as const).map((entry) => (
          <button key={entry} type="button" role="tab" aria-selected={kind === entry} className={segmented.switchTab} onClick={() => setKind(entry)}>
            {t(`loyalty.rank.kind.${entry}`)}
          </button>
        ))}
      </div>
      <div className={segmented.switch} role="tablist" aria-label={t('loyalty.rank.title')}>
        {(['daily', 'weekly'] as const).map((entry) => (
          <button key={entry} type="button" role="tab" aria-selected={period === entry} className={segmented.switchTab} onClick={() => setPeriod(entry)}>
            {t(`loyalty.rank.${entry}`)}
          </button>
        ))}
      </div>
      {board.isPending ? (
        <div className={styles.stack} aria-busy="true">
          <Skeleton height={72} />
          <Skeleton height={140} />
          <Skeleton height={240} />
        </div>
      ) : board.isError ? (
        <EmptyState icon={<Trophy size={28} />} title={t('loyalty.rank.loadFailed')} onRefresh={() => void board.refetch()} refreshing={board.isFetching} />
      ) : (
        <BoardView board={board.data} period={period} />
      )}
    </div>
  );
}

function BoardView({ board, period }: { board: Board; period: Period }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => moneyText(amount, board.currency, i18n.language);
  const closes = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(board.end_time * 1000));
  return (
    <section className={styles.section} role="tabpanel" aria-label={t(`loyalty.rank.${period}`)}>
      <div className={styles.ownCard} data-testid="rank-own">
        {board.own.rank === 0 ? (
          <p className={styles.heroNext}>{t('loyalty.rank.unranked')}</p>
        ) : (
          <>
            <p className={styles.ownRank}>{t('loyalty.rank.yourPlace', { rank: board.own.rank })}</p>
            <p className={styles.heroNext}>
              {t(board.kind === 'win' ? 'loyalty.rank.yourWin' : 'loyalty.rank.yourTurnover', { amount: money(board.own.score) })}
            </p>
            <p className={styles.muted}>
              {board.own.gap === 0
                ? t('loyalty.rank.leading')
                : t(board.kind === 'win' ? 'loyalty.rank.gapWin' : 'loyalty.rank.gap', { amount: money(board.own.gap) })}
            </p>
          </>
        )}
      </div>
      <p className={styles.muted}>{t('loyalty.rank.closes', { time: closes, full: board.full })}</p>
      <p className={styles.muted} data-testid="rank-as-of">
        {board.refreshed_time === 0
          ? t('loyalty.rank.notCounted')
          : t('loyalty.rank.asOf', {
              time: new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { timeStyle: 'medium' }).format(new Date(board.refreshed_time * 1000)),
              players: new Intl.NumberFormat(intlLocaleOf(i18n.language)).format(board.players),
            })}
      </p>
      {board.prizes.length > 0 ? (
        <p className={styles.muted}>{t('loyalty.rank.prizes', { places: board.prizes.length, first: money(board.prizes[0]!) })}</p>
      ) : null}
      {board.top.length === 0 ? (
        <EmptyState icon={<Trophy size={28} />} title={t('loyalty.rank.empty')} />
      ) : (
        <>
          <ol className={styles.podium} aria-label={t('loyalty.rank.podium')}>
            {board.top.map((entry) => (
              <li key={entry.rank} className={`${styles.podiumPlace} ${entry.is_self === 1 ? styles.self : ''}`}>
                <Medal size={28} aria-hidden="true" className={styles[`medal${entry.rank}`]} />
                <span className={styles.podiumRank}>#{entry.rank}</span>
                <span className={styles.podiumNick}>{entry.nick}</span>
                <span className={styles.itemAmount}>{money(entry.score)}</span>
                {board.prizes[entry.rank - 1] ? (
                  <span className={styles.podiumPrize}>{t('loyalty.rank.prize', { amount: money(board.prizes[entry.rank - 1]!) })}</span>
                ) : null}
              </li>
            ))}
          </ol>
          {board.list.length > 0 ? (
            <ol className={styles.list} start={4}>
              {board.list.map((entry) => (
                <li key={entry.rank} className={`${styles.item} ${styles.rankRow} ${entry.is_self === 1 ? styles.self : ''}`}>
                  <span className={styles.rankNumber}>{entry.rank}</span>
                  <span className={listCard.itemTitle}>
                    {entry.nick}
                    {entry.is_self === 1 ? ` · ${t('loyalty.rank.you')}` : ''}
                  </span>
                  <span className={styles.itemAmount}>{money(entry.score)}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </>
      )}
    </section>
  );
}
