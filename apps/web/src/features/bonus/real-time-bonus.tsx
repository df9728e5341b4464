import { intlLocaleOf } from '@piranha/domain';
import { CheckCircle2, Zap } from 'lucide-react';
import { Link } from '../../shared/router/router.tsx';
import { useDynconfig } from '../../shared/dynconfig.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useRealTimeInfoQuery } from './api/booster-api.ts';
import { realTimeProgress, type RealTimeRule } from './booster-model.ts';
import styles from './bonus.module.css';

/** Whether the operator runs real-time bonuses (dynconfig real_time_bonus); undefined while it loads. */
export function useRealTimeBonusOn(): boolean | undefined {
  const entry = useDynconfig('real_time_bonus');
  return entry === undefined ? undefined : entry.switch === 1;
}

function RuleCard({ rule }: { rule: RealTimeRule }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => moneyText(amount, rule.currency, i18n.language);
  const progress = realTimeProgress(rule);
  const goal =
    rule.rule === 'losing_streak' ? t('realTime.rule.losing_streak', { count: rule.count }) : t('realTime.rule.net_loss', { amount: money(rule.threshold) });
  const done =
    rule.rule === 'losing_streak'
      ? t('realTime.progress.losing_streak', { streak: Math.min(rule.streak, rule.count), count: rule.count })
      : t('realTime.progress.net_loss', { loss: money(Math.min(rule.net_loss, rule.threshold)), amount: money(rule.threshold) });
  const titleId = `rt-${rule.campaign_id}`;
  return (
    <article className={`${styles.card} ${rule.granted_today ? styles.unlocked : ''}`} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <span className={styles.cardIcon} aria-hidden="true">
          <Zap size={20} />
        </span>
        <span className={styles.cardTitleBox}>
          <h2 id={titleId} className={styles.cardTitle}>
            {goal}
          </h2>
          <span className={styles.cardSub}>{t('realTime.reward', { amount: money(rule.amount) })}</span>
        </span>
      </header>
      {rule.granted_today ? (
        <p className={styles.checked}>
          <CheckCircle2 size={16} aria-hidden="true" /> {t('realTime.granted')}
        </p>
      ) : (
        <div className={styles.progressBox}>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={goal}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={done}
          >
            <span className={styles.progressFill} style={{ width: `${progress}%` }} />
          </div>
          <div className={styles.progressRow}>
            <span>{done}</span>
          </div>
        </div>
      )}
    </article>
  );
}

/** /real-time-bonus: today's rules and where the player stands; behind the real_time_bonus switch. */
export function RealTimeBonusPanel() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const on = useRealTimeBonusOn();
  const info = useRealTimeInfoQuery(uid, on === true);
  if (on === undefined || (on && info.isPending)) return <Skeleton height={160} />;
  if (!on || info.data?.enabled === 0) return <EmptyState icon={<Zap size={40} />} title={t('realTime.off')} />;
  if (info.isError)
    return <EmptyState icon={<Zap size={40} />} title={t('realTime.loadFailed')} onRefresh={() => void info.refetch()} refreshing={info.isFetching} />;
  const rules = info.data?.rules ?? [];
  const ends = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { hour: '2-digit', minute: '2-digit' }).format(
    new Date((info.data?.window_end_time ?? 0) * 1000),
  );
  return (
    <div className={styles.stack}>
      {rules.length === 0 ? (
        <EmptyState icon={<Zap size={40} />} title={t('realTime.none')} />
      ) : (
        <>
          {rules.map((rule) => (
            <RuleCard key={rule.campaign_id} rule={rule} />
          ))}
          <p className={styles.cardSub}>{t('realTime.once', { time: ends })}</p>
        </>
      )}
      <Link to={paths.realTimeBonusLanding} className={buttonClassName({ variant: 'ghost', block: true })}>
        {t('realTime.seeRules')}
      </Link>
    </div>
  );
}

/** /real-time-bonus-landing: what a real-time bonus is, for anyone; the way in for a signed-in player. */
export function RealTimeBonusLanding() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((state) => Boolean(state.login));
  const on = useRealTimeBonusOn();
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="rt-landing">
        <span className={styles.popupIcon} aria-hidden="true">
          <Zap size={32} />
        </span>
        <h2 id="rt-landing" className={styles.cardTitle}>
          {t('realTime.landingTitle')}
        </h2>
        <p>{t('realTime.intro')}</p>
        <ol className={styles.terms}>
          <li>{t('realTime.step1')}</li>
          <li>{t('realTime.step2')}</li>
          <li>{t('realTime.step3')}</li>
        </ol>
      </section>
      {on === false ? <p className={styles.cardSub}>{t('realTime.off')}</p> : null}
      {on ? (
        <Link to={signedIn ? paths.realTimeBonus : paths.loginb} className={buttonClassName({ block: true })}>
          {signedIn ? t('realTime.seeMine') : t('realTime.logIn')}
        </Link>
      ) : null}
    </div>
  );
}
