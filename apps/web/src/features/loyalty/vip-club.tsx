import type { EndpointData, vipInfo } from '@piranha/contract';
import { ChevronRight, Crown, Gift, HandCoins, Headset, Ticket } from 'lucide-react';
import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { paths } from '../../shared/paths/paths.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useVipInfoQuery, useVipReceiveMutation } from './api/loyalty.ts';
import { loyaltyErrorText } from './error-text.ts';
import styles from './loyalty.module.css';
import listCard from '../../shared/ui/list-card.module.css';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';

type VipInfo = EndpointData<typeof vipInfo>;
type Reward = VipInfo['rewards'][number];

const rewardKey = (reward: Reward) => (reward.kind === 'vip_bonus' ? `vip_bonus:${reward.level}` : reward.kind);

/** The vip-club page: level and stage, progress to the next level, rewards waiting, and the benefits by stage. */
export function VipClub() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const info = useVipInfoQuery(uid);

  if (info.isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={148} />
        <Skeleton height={88} />
        <Skeleton height={240} />
      </div>
    );
  }
  if (info.isError) {
    return <EmptyState icon={<Crown size={28} />} title={t('loyalty.vip.loadFailed')} onRefresh={() => void info.refetch()} refreshing={info.isFetching} />;
  }
  return (
    <div className={styles.stack}>
      <VipStandingCard info={info.data} />
      <VipRewards info={info.data} uid={uid} />
      <ul className={styles.list}>
        <li className={styles.item}>
          <Link to={paths.vipRoulette} className={styles.itemLink}>
            <span className={listCard.itemIcon} aria-hidden="true">
              <Ticket size={18} />
            </span>
            <span className={listCard.itemTitle}>{t('loyalty.wheel.link')}</span>
            <ChevronRight size={18} aria-hidden="true" />
          </Link>
        </li>
        <li className={styles.item}>
          <Link to={paths.raffle} className={styles.itemLink}>
            <span className={listCard.itemIcon} aria-hidden="true">
              <Gift size={18} />
            </span>
            <span className={listCard.itemTitle}>{t('loyalty.raffle.link')}</span>
            <ChevronRight size={18} aria-hidden="true" />
          </Link>
        </li>
        <li className={styles.item}>
          <Link to={paths.cashback} className={styles.itemLink}>
            <span className={listCard.itemIcon} aria-hidden="true">
              <HandCoins size={18} />
            </span>
            <span className={listCard.itemTitle}>{t('loyalty.cashback.link')}</span>
            <ChevronRight size={18} aria-hidden="true" />
          </Link>
        </li>
      </ul>
      <VipBenefits info={info.data} />
    </div>
  );
}

function VipStandingCard({ info }: { info: VipInfo }) {
  const { t } = useTranslation();
  const top = info.level >= info.max_level;
  return (
    <section className={styles.hero} aria-labelledby="vip-level">
      <div className={styles.heroTop}>
        <span className={styles.badge} aria-hidden="true">
          <Crown size={28} />
        </span>
        <div>
          <h2 id="vip-level" className={styles.heroLevel}>
            {t('loyalty.vip.level', { level: info.level })}
          </h2>
          <p className={styles.heroStage}>{t('loyalty.vip.stage', { stage: info.stage })}</p>
        </div>
        <span className={styles.heroPoints}>{t('loyalty.vip.points', { points: info.points })}</span>
      </div>
      <ProgressBar percent={info.progress} label={t('loyalty.vip.progressLabel')} />
      <p className={styles.heroNext}>
        {top ? t('loyalty.vip.top') : t('loyalty.vip.toNext', { points: info.next_level_points - info.points, level: info.level + 1 })}
      </p>
      <p className={styles.hint}>{t('loyalty.vip.howToEarn')}</p>
      {info.support_contact ? (
        <p className={styles.support}>
          <Headset size={18} aria-hidden="true" /> {t('loyalty.vip.support', { contact: info.support_contact })}
        </p>
      ) : null}
    </section>
  );
}

function VipRewards({ info, uid }: { info: VipInfo; uid: number }) {
  const { t, i18n } = useTranslation();
  const receive = useVipReceiveMutation(uid);
  const pending = receive.variables;
  const pendingKey = pending === undefined ? undefined : pending.kind === 'vip_bonus' ? `vip_bonus:${pending.level}` : pending.kind;
  const onReceive = (reward: Reward) =>
    receive.mutate(reward.kind === 'vip_bonus' ? { kind: 'vip_bonus', level: reward.level } : { kind: reward.kind }, {
      onSuccess: (bonus) =>
        toastShow({
          kind: 'success',
          text: t(bonus.status === 2 ? 'loyalty.vip.receivedCash' : 'loyalty.vip.receivedBonus', {
            amount: moneyText(bonus.amount, bonus.currency, i18n.language),
          }),
        }),
      onError: (error) => toastShow({ kind: 'error', text: loyaltyErrorText(error, t) }),
    });
  return (
    <section className={styles.section} aria-labelledby="vip-rewards">
      <h2 id="vip-rewards" className={listCard.sectionTitle}>
        {t('loyalty.vip.rewardsTitle')}
      </h2>
      {info.rewards.length === 0 ? (
        <p className={styles.muted}>{t('loyalty.vip.rewardsEmpty')}</p>
      ) : (
        <ul className={styles.list}>
          {info.rewards.map((reward) => (
            <li key={rewardKey(reward)} className={`${styles.item} ${styles.rewardItem}`}>
              <span className={listCard.itemIcon} aria-hidden="true">
                <Gift size={18} />
              </span>
              <span className={listCard.itemMain}>
                <span className={listCard.itemTitle}>
                  {reward.kind === 'week_free'
                    ? t('loyalty.vip.weekFree')
                    : reward.kind === 'month_free'
                      ? t('loyalty.vip.monthFree')
                      : t('loyalty.vip.levelUpReward', { level: reward.level })}
                </span>
                <span className={styles.itemAmount}>{moneyText(reward.amount, info.currency, i18n.language)}</span>
              </span>
              <Button compact onClick={() => onReceive(reward)} disabled={receive.isPending} aria-busy={receive.isPending && pendingKey === rewardKey(reward)}>
                {t('loyalty.vip.receive')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VipBenefits({ info }: { info: VipInfo }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="vip-benefits">
      <h2 id="vip-benefits" className={listCard.sectionTitle}>
        {t('loyalty.vip.benefitsTitle')}
      </h2>
      {/* The table scrolls sideways on narrow phones: the region takes focus so a keyboard can scroll it too. */}
      <div className={styles.tableWrap} role="region" aria-labelledby="vip-benefits" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('loyalty.vip.colStage')}</th>
              <th scope="col">{t('loyalty.vip.colPoints')}</th>
              <th scope="col">{t('loyalty.vip.colRewards')}</th>
              <th scope="col">{t('loyalty.vip.colFree')}</th>
              <th scope="col">{t('loyalty.vip.colSupport')}</th>
            </tr>
          </thead>
          <tbody>
            {info.stages.map((row) => (
              <tr
                key={row.stage}
                aria-current={row.stage === info.stage ? 'true' : undefined}
                className={row.stage === info.stage ? styles.current : undefined}
              >
                <th scope="row">
                  <span className={styles.stageNumber}>{row.stage}</span>
                  <span className={styles.stageLevels}>{t('loyalty.vip.stageLevels', { from: row.level_from, to: row.level_to })}</span>
                </th>
                <td>{row.points_from.toLocaleString(i18n.language)}</td>
                <td>{moneyText(row.level_up_rewards, info.currency, i18n.language)}</td>
                <td>
                  <span className={styles.freeLine}>{t('loyalty.vip.freeWeek', { amount: moneyText(row.week_free, info.currency, i18n.language) })}</span>
                  <span className={styles.freeLine}>{t('loyalty.vip.freeMonth', { amount: moneyText(row.month_free, info.currency, i18n.language) })}</span>
                </td>
                <td>{row.dedicated_support === 1 ? t('loyalty.vip.yes') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
