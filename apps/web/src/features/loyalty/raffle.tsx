import type { EndpointData, raffleInfo } from '@piranha/contract';
import { intlLocaleOf, raffleVerify } from '@piranha/domain';
import { CircleCheck, CircleX, Ticket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { raffleEntriesAll, useRaffleInfoQuery } from './api/loyalty.ts';
import styles from './loyalty.module.css';
import listCard from '../../shared/ui/list-card.module.css';

type Info = EndpointData<typeof raffleInfo>;
type Draw = Info['past'][number];

/**
 * The /raffle page (spec §2, issue 18, decisions 034 and 045): this week's raffle — the player's tickets, how they are
 * earned, the prizes, the draw time and the SHA-256 of the seed committed before the draw — and the latest draws
 * with their revealed seed and masked winners, each verifiable in the browser with the domain's `raffleVerify` over
 * the published entries (fetched page by page only when asked).
 */
export function Raffle() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const info = useRaffleInfoQuery(uid);
  if (info.isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={148} />
        <Skeleton height={120} />
        <Skeleton height={200} />
      </div>
    );
  }
  if (info.isError) {
    return <EmptyState icon={<Ticket size={28} />} title={t('loyalty.raffle.loadFailed')} onRefresh={() => void info.refetch()} refreshing={info.isFetching} />;
  }
  return (
    <div className={styles.stack}>
      <CurrentRaffle info={info.data} />
      <section className={styles.section} aria-labelledby="raffle-past">
        <h2 id="raffle-past" className={listCard.sectionTitle}>
          {t('loyalty.raffle.pastTitle')}
        </h2>
        {info.data.past.length === 0 ? (
          <p className={styles.muted}>{t('loyalty.raffle.pastEmpty')}</p>
        ) : (
          info.data.past.map((draw) => <PastDraw key={draw.period_key} draw={draw} />)
        )}
      </section>
    </div>
  );
}

function CurrentRaffle({ info }: { info: Info }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => moneyText(amount, info.currency, i18n.language);
  const when = (seconds: number) => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(seconds * 1000);
  const current = info.current;
  return (
    <>
      <section className={styles.hero} aria-labelledby="raffle-tickets">
        <h2 id="raffle-tickets" className={styles.heroLevel} data-testid="raffle-my-tickets">
          {t('loyalty.raffle.myTickets', { count: current.my_tickets })}
        </h2>
        <p className={styles.heroNext}>{t('loyalty.raffle.drawAt', { time: when(current.draw_at) })}</p>
        <p className={styles.hint}>{t('loyalty.raffle.howToEarn', { points: info.points_per_ticket, time: when(current.ends_at) })}</p>
      </section>
      <section className={styles.section} aria-labelledby="raffle-prizes">
        <h2 id="raffle-prizes" className={listCard.sectionTitle}>
          {t('loyalty.raffle.prizesTitle')}
        </h2>
        <ol className={styles.list}>
          {current.prizes.map((amount, index) => (
            <li key={index} className={`${styles.item} ${styles.wheelDraw}`}>
              <span>{t('loyalty.raffle.place', { place: index + 1 })}</span>
              <span className={styles.reward}>{money(amount)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.section} aria-labelledby="raffle-fair">
        <h2 id="raffle-fair" className={listCard.sectionTitle}>
          {t('loyalty.raffle.fairTitle')}
        </h2>
        <p className={styles.hint}>{t('loyalty.raffle.fairHow')}</p>
        <dl className={styles.wheelFair}>
          <dt>{t('loyalty.wheel.serverSeedHash')}</dt>
          <dd data-testid="raffle-hash">{current.server_seed_hash}</dd>
          <dt>{t('loyalty.wheel.clientSeed')}</dt>
          <dd>{current.client_seed}</dd>
        </dl>
      </section>
    </>
  );
}

function PastDraw({ draw }: { draw: Draw }) {
  const { t, i18n } = useTranslation();
  const [check, setCheck] = useState<'idle' | 'busy' | 'ok' | 'bad' | 'failed'>('idle');
  const week = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${draw.period_key.slice(2)}T00:00:00Z`),
  );
  const verify = async () => {
    setCheck('busy');
    try {
      const tickets = await raffleEntriesAll(draw.period_key);
      const ok = raffleVerify({
        serverSeed: draw.server_seed,
        serverSeedHash: draw.server_seed_hash,
        clientSeed: draw.client_seed,
        tickets,
        winners: draw.winners.map((winner) => winner.position),
      });
      setCheck(ok ? 'ok' : 'bad');
    } catch {
      setCheck('failed');
    }
  };
  return (
    <article className={styles.ownCard} aria-label={t('loyalty.raffle.weekOf', { week })} data-testid="raffle-draw">
      <p className={styles.ownRank}>{t('loyalty.raffle.weekOf', { week })}</p>
      <p className={styles.muted}>
        {t('loyalty.raffle.drawTotals', { entries: draw.entries, tickets: draw.total_tickets })} · {t('loyalty.raffle.yourEntry', { count: draw.my_tickets })}
      </p>
      {draw.winners.length === 0 ? (
        <p className={styles.muted}>{t('loyalty.raffle.noWinners')}</p>
      ) : (
        <ol className={styles.list} aria-label={t('loyalty.raffle.winnersTitle')}>
          {draw.winners.map((winner) => (
            <li key={winner.place} className={`${styles.item} ${styles.wheelDraw}`}>
              <span>
                {t('loyalty.raffle.winner', { place: winner.place, nick: winner.nick, count: winner.tickets })}
                {winner.is_self === 1 ? ` (${t('loyalty.rank.you')})` : ''}
              </span>
              <span className={styles.reward}>{moneyText(winner.amount, winner.currency, i18n.language)}</span>
            </li>
          ))}
        </ol>
      )}
      <dl className={styles.wheelFair}>
        <dt>{t('loyalty.raffle.serverSeed')}</dt>
        <dd>{draw.server_seed}</dd>
        <dt>{t('loyalty.wheel.serverSeedHash')}</dt>
        <dd>{draw.server_seed_hash}</dd>
        <dt>{t('loyalty.wheel.clientSeed')}</dt>
        <dd>{draw.client_seed}</dd>
      </dl>
      <div className={styles.taskFoot}>
        <span role="status">
          {check === 'ok' ? (
            <span className={styles.wheelOk}>
              <CircleCheck size={16} aria-hidden="true" /> {t('loyalty.wheel.verified')}
            </span>
          ) : check === 'bad' ? (
            <span className={styles.wheelBad}>
              <CircleX size={16} aria-hidden="true" /> {t('loyalty.wheel.notVerified')}
            </span>
          ) : check === 'failed' ? (
            <span className={styles.wheelBad}>{t('loyalty.raffle.verifyFailed')}</span>
          ) : null}
        </span>
        <Button variant="ghost" compact onClick={() => void verify()} disabled={check === 'busy'} aria-busy={check === 'busy'}>
          {t('loyalty.wheel.verify')}
        </Button>
      </div>
    </article>
  );
}
