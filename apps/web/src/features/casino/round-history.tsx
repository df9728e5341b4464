import type { RoundView } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { History, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useHistoryQuery } from './api/hall.ts';
import { paths, verifyHref } from '../../shared/paths/paths.ts';
import { gameNameOf } from './game-names.ts';
import styles from './round-history.module.css';
import { moneyText } from '../../shared/money/money.ts';

const STATUS = { open: 'casino.history.open', settled: 'casino.history.settled', refunded: 'casino.history.refunded', void: 'casino.history.void' } as const;

function RoundRow({ round }: { round: RoundView }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => moneyText(minor, round.currency, i18n.language);
  const net = round.win - round.bet;
  return (
    <li className={styles.round} data-testid="history-round">
      <div className={styles.head}>
        <span className={styles.game}>{gameNameOf(round.game_id)}</span>
        <span className={`${styles.net} ${net > 0 ? styles.up : net < 0 ? styles.down : ''}`}>
          {net > 0 ? '+' : ''}
          {money(net)}
        </span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('casino.history.stake')}</dt>
          <dd data-testid="history-stake">{money(round.bet)}</dd>
        </div>
        <div>
          <dt>{t('casino.history.win')}</dt>
          <dd>{money(round.win)}</dd>
        </div>
        <div>
          <dt>{t('casino.history.before')}</dt>
          <dd>{money(round.balance_before)}</dd>
        </div>
        <div>
          <dt>{t('casino.history.after')}</dt>
          <dd data-testid="history-after">{money(round.balance_after)}</dd>
        </div>
      </dl>
      <div className={styles.foot}>
        <time dateTime={new Date(round.created_at).toISOString()}>
          {new Date(round.created_at).toLocaleString(intlLocaleOf(i18n.language), { dateStyle: 'short', timeStyle: 'medium' })}
        </time>
        <span className={styles.status}>{t(STATUS[round.status])}</span>
        <Link className={styles.proof} to={verifyHref(round.round_id)}>
          <ShieldCheck size={16} aria-hidden="true" />
          {t('casino.history.proof')}
        </Link>
      </div>
    </li>
  );
}

/** /game-history: the player's rounds, latest first, with stake, win, balances and the proof link. */
export function RoundHistory() {
  const { t } = useTranslation();
  const { rounds, isPending, isError, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage } = useHistoryQuery();
  return (
    <div className={styles.page}>
      <PageTitle title={t('casino.history.title')} backTo={paths.game} />
      {isPending ? (
        <Skeleton height={140} radius="var(--radius)" />
      ) : isError || rounds.length === 0 ? (
        <EmptyState
          icon={<History size={28} />}
          title={isError ? t('casino.loadFailed') : t('casino.history.empty')}
          onRefresh={() => void refetch()}
          refreshing={isRefetching}
        />
      ) : (
        <ul className={styles.list}>
          {rounds.map((round) => (
            <RoundRow key={round.round_id} round={round} />
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <Button variant="ghost" block onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {t('casino.history.older')}
        </Button>
      ) : null}
    </div>
  );
}
