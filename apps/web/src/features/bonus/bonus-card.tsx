import { intlLocaleOf } from '@piranha/domain';
import { Clock, Gift, Ticket } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { bonusCardView, type Bonus } from './bonus-model.ts';
import styles from './bonus.module.css';

export function kindKey(kind: string) {
  if (kind === 'first_deposit') return 'bonus.kind.first_deposit' as const;
  if (kind === 'redeem_code') return 'bonus.kind.redeem_code' as const;
  if (kind === 'sign_up') return 'bonus.kind.sign_up' as const;
  if (kind === 'free_bet') return 'bonus.kind.free_bet' as const;
  if (kind === 'free_rounds') return 'bonus.kind.free_rounds' as const;
  return 'bonus.kind.other' as const;
}

/**
 * One bonus: amount, kind, status, the wagering bar with what is left, the terms, the expiry countdown and the
 * action (unlock, or a way to play while unlocking).
 */
export function BonusCard({
  bonus,
  nowMs,
  otherUnlocking,
  onUnlock,
  unlocking,
}: {
  bonus: Bonus;
  nowMs: number;
  otherUnlocking: boolean;
  onUnlock: (bonusId: string) => void;
  unlocking: boolean;
}) {
  const { t, i18n } = useTranslation();
  const view = bonusCardView(bonus, nowMs, otherUnlocking);
  const money = (amount: number) => moneyText(amount, bonus.currency, i18n.language);
  const titleId = `bonus-${bonus.id}-title`;
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium' });
  return (
    <article className={`${styles.card} ${styles[view.status]}`} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <span className={styles.cardIcon} aria-hidden="true">
          {view.terms[0]?.key === 'freeBet' ? <Ticket size={20} /> : <Gift size={20} />}
        </span>
        <span className={styles.cardTitleBox}>
          <h2 id={titleId} className={styles.cardTitle}>
            {t(kindKey(bonus.kind))}
          </h2>
          <span className={styles.cardSub}>{t('bonus.granted', { date: date.format(new Date(bonus.create_time * 1000)) })}</span>
        </span>
        <span className={styles.cardAmount}>{money(bonus.amount)}</span>
      </header>
      <span className={`${styles.badge} ${styles[`badge_${view.status}`]}`}>{t(view.badgeKey)}</span>
      {view.showProgress ? (
        <div className={styles.progressBox}>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('bonus.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.progress}
            aria-valuetext={t('bonus.progressText', { percent: view.progress, wagered: money(bonus.wagered), requirement: money(bonus.requirement) })}
          >
            <span className={styles.progressFill} style={{ width: `${view.progress}%` }} />
          </div>
          <div className={styles.progressRow}>
            <span>{t('bonus.progressText', { percent: view.progress, wagered: money(bonus.wagered), requirement: money(bonus.requirement) })}</span>
          </div>
          {view.remaining > 0 ? <span className={styles.cardSub}>{t('bonus.remaining', { amount: money(view.remaining) })}</span> : null}
        </div>
      ) : null}
      <ul className={styles.terms} aria-label={t('bonus.termsTitle')}>
        {view.terms.map((term) => (
          <li key={term.key}>{t(`bonus.terms.${term.key}`, { amount: money(term.amount) })}</li>
        ))}
      </ul>
      {view.countdown ? (
        <p className={styles.countdown}>
          <Clock size={16} aria-hidden="true" />
          {t(`bonus.countdown.${view.countdown.unit}`, { ...view.countdown })}
        </p>
      ) : null}
      {view.action === 'unlock' ? (
        <Button block onClick={() => onUnlock(bonus.id)} disabled={unlocking} aria-busy={unlocking}>
          {t('bonus.unlock')}
        </Button>
      ) : view.action === 'waitOther' ? (
        <p className={styles.cardSub}>{t('bonus.waitOther')}</p>
      ) : view.action === 'useFreeBet' ? (
        <div className={styles.playRow}>
          <Link to={paths.sport} className={styles.playLink}>
            {t('bonus.freeBet.use')}
          </Link>
        </div>
      ) : view.action === 'play' ? (
        <div className={styles.playRow}>
          <Link to={paths.sport} className={styles.playLink}>
            {t('bonus.playSports')}
          </Link>
          <Link to={paths.game} className={styles.playLink}>
            {t('bonus.playCasino')}
          </Link>
        </div>
      ) : null}
    </article>
  );
}
