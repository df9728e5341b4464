import type { EndpointData, activityDetail } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { Check, Gift, Sparkles, Ticket } from 'lucide-react';
import { useTranslation, type TFunction } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { Link } from '../../shared/router/router.tsx';
import { paths } from '../../shared/paths/paths.ts';
import { useActivityDetailQuery, useActivityReceiveMutation, useUiSwitchOnMutation } from './api/activity.ts';
import { ChristmasArt } from './christmas-art.tsx';
import listCard from '../../shared/ui/list-card.module.css';
import styles from './activity.module.css';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';

type Detail = EndpointData<typeof activityDetail>;
/** How a refused claim reads (the page passes the app's API error text). */
type ErrorText = (error: unknown, t: TFunction) => string;

/** One activity: its rules, the player's progress, a claim button per reached tier and what the player has won. */
export function ActivityDetail({ id, errorText }: { id: string; errorText: ErrorText }) {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const detail = useActivityDetailQuery(uid, id);
  if (detail.isPending)
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={140} />
        <Skeleton height={96} />
      </div>
    );
  if (detail.isError)
    return <EmptyState icon={<Gift size={28} />} title={t('activity.loadFailed')} onRefresh={() => void detail.refetch()} refreshing={detail.isFetching} />;
  return <ActivityBody detail={detail.data} uid={uid} errorText={errorText} />;
}

function ActivityBody({ detail, uid, errorText }: { detail: Detail; uid: number; errorText: ErrorText }) {
  const { t, i18n } = useTranslation();
  const claim = useActivityReceiveMutation(uid);
  const money = (amount: number) => moneyText(amount, detail.currency, i18n.language);
  const when = (seconds: number) =>
    new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));
  const percent = Math.min(100, Math.floor((detail.progress * 100) / Math.max(1, detail.target)));
  const freeBet = detail.kind === 'free_bet';
  const uiSwitch = detail.kind === 'ui_switch_reward';
  const christmas = detail.theme === 'christmas';
  const onClaim = (tier: number) =>
    claim.mutate(
      { id: detail.id, tier },
      {
        onSuccess: (bonus) =>
          toastShow({
            kind: 'success',
            text: t(bonus.kind === 'free_bet' ? 'activity.claimedFreeBet' : bonus.status === 2 ? 'activity.claimedCash' : 'activity.claimedBonus', {
              amount: money(bonus.amount),
            }),
          }),
        onError: (error) => toastShow({ kind: 'error', text: errorText(error, t) }),
      },
    );
  const resets =
    detail.kind === 'daily_deposit' || detail.kind === 'daily_cash' ? 'activity.resets' : detail.kind === 'week_cash' ? 'activity.resetsWeek' : undefined;
  return (
    <div className={styles.stack}>
      <section className={christmas ? `${styles.hero} ${styles.christmas}` : styles.hero} aria-labelledby="activity-name">
        {christmas ? (
          <>
            <ChristmasArt className={styles.art} />
            <p className={styles.season}>{t('activity.christmas.badge')}</p>
          </>
        ) : null}
        <p className={styles.kind}>{t(`activity.kind.${detail.kind}`)}</p>
        <h2 id="activity-name" className={styles.name}>
          {detail.name}
        </h2>
        <span className={styles.status}>{t(`activity.status.${detail.status}`)}</span>
        <p className={styles.muted}>{t('activity.window', { start: when(detail.start_time), end: when(detail.end_time) })}</p>
        <p className={styles.progressText}>
          {uiSwitch
            ? t(detail.progress > 0 ? 'activity.uiSwitch.on' : 'activity.uiSwitch.off')
            : t('activity.progress', { progress: money(detail.progress), target: money(detail.target) })}
        </p>
        <ProgressBar percent={percent} label={t('activity.progressLabel')} />
        {resets ? <p className={styles.muted}>{t(resets, { time: when(detail.period_end_time) })}</p> : null}
        {uiSwitch && detail.progress === 0 && detail.status === 1 ? <UiSwitchOn uid={uid} errorText={errorText} /> : null}
        {freeBet ? (
          <Link to={paths.activityFreeBetTip} className={styles.tipLink}>
            <Ticket size={16} aria-hidden="true" /> {t('activity.freeBetTipLink')}
          </Link>
        ) : null}
      </section>

      <section aria-labelledby="activity-rules">
        <h3 id="activity-rules" className={listCard.sectionTitle}>
          {t('activity.rulesTitle')}
        </h3>
        <ul className={listCard.rules}>
          <li>{t(`activity.rule.${detail.kind}`)}</li>
          <li>
            {freeBet ? t('activity.rule.freeBetReward') : detail.wagering > 0 ? t('activity.rule.wagering', { n: detail.wagering }) : t('activity.rule.cash')}
          </li>
          <li>{t('activity.rule.once')}</li>
        </ul>
      </section>

      <section aria-labelledby="activity-tiers">
        <h3 id="activity-tiers" className={listCard.sectionTitle}>
          {t('activity.tiersTitle')}
        </h3>
        <ul className={`${listCard.listCard} ${listCard.dividedRows}`}>
          {detail.tiers.map((tier) => (
            <li key={tier.tier} className={listCard.row}>
              <span className={listCard.rowMain}>
                <span className={listCard.rowTitle}>{t(`activity.reach.${detail.kind}`, { amount: money(tier.threshold) })}</span>
                <span className={styles.reward}>{t(freeBet ? 'activity.rewardFreeBet' : 'activity.reward', { amount: money(tier.reward) })}</span>
              </span>
              {tier.status === 2 ? (
                <span className={styles.done}>
                  <Check size={16} aria-hidden="true" /> {t('activity.claimed')}
                </span>
              ) : (
                <Button
                  compact
                  variant={tier.status === 1 ? 'primary' : 'ghost'}
                  disabled={tier.status !== 1 || detail.status !== 1 || claim.isPending}
                  aria-busy={claim.isPending && claim.variables?.tier === tier.tier}
                  onClick={() => onClaim(tier.tier)}
                >
                  {tier.status === 1 ? t('activity.claim') : t('activity.notReached')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="activity-won">
        <h3 id="activity-won" className={listCard.sectionTitle}>
          {t('activity.wonTitle')}
        </h3>
        {detail.won.length === 0 ? (
          <p className={styles.muted}>{t('activity.wonNone')}</p>
        ) : (
          <ul className={`${listCard.listCard} ${listCard.dividedRows}`}>
            {detail.won.map((win) => (
              <li key={`${win.period_key}:${win.tier}`} className={listCard.row}>
                <span className={listCard.rowMain}>
                  <span className={listCard.rowTitle}>{t('activity.tierN', { n: win.tier + 1 })}</span>
                  <span className={styles.muted}>{when(win.create_time)}</span>
                </span>
                <span className={styles.reward}>{freeBet ? t('activity.rewardFreeBet', { amount: money(win.amount) }) : money(win.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Turns the newer UI on from the ui-switch-reward page: the server records it, and the tier becomes claimable. */
function UiSwitchOn({ uid, errorText }: { uid: number; errorText: ErrorText }) {
  const { t } = useTranslation();
  const turnOn = useUiSwitchOnMutation(uid);
  return (
    <Button
      variant="primary"
      disabled={turnOn.isPending}
      aria-busy={turnOn.isPending}
      onClick={() =>
        turnOn.mutate(undefined, {
          onSuccess: () => toastShow({ kind: 'success', text: t('activity.uiSwitch.turnedOn') }),
          onError: (error) => toastShow({ kind: 'error', text: errorText(error, t) }),
        })
      }
    >
      <Sparkles size={16} aria-hidden="true" /> {t('activity.uiSwitch.turnOn')}
    </Button>
  );
}
