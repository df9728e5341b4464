import { Clock, Rocket } from 'lucide-react';
import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { oddsThousandthsText } from '../../shared/odds/odds.ts';
import { useOddsFormat } from '../../shared/odds/odds-format-store.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button, buttonClassName } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useBoosterListQuery, useBoosterUseMutation } from './api/booster-api.ts';
import { bonusErrorText } from './bonus-error.ts';
import { boosterCardView, boostersOrdered, type Booster, type BoosterTerm } from './booster-model.ts';
import { useMinuteClock } from './paged-tabs.tsx';
import styles from './bonus.module.css';

function useTermText(card: Booster) {
  const { t, i18n } = useTranslation();
  const format = useOddsFormat();
  return (term: BoosterTerm): string => {
    switch (term.key) {
      case 'cap':
        return t('booster.terms.cap', { amount: moneyText(term.amount, card.currency, i18n.language) });
      case 'oddsMin':
        return t('booster.terms.oddsMin', { odds: oddsThousandthsText(term.odds, format) ?? '' });
      case 'stakeMax':
        return t('booster.terms.stakeMax', { amount: moneyText(term.amount, card.currency, i18n.language) });
      case 'payCash':
        return t('booster.terms.payCash');
      case 'payBonus':
        return t('booster.terms.payBonus');
    }
  };
}

/** One booster card: the raise, what it applies to, its terms, its state and the action. */
export function BoosterCard({
  card,
  nowMs,
  otherActive,
  onUse,
  busy,
}: {
  card: Booster;
  nowMs: number;
  otherActive: boolean;
  onUse: (id: string) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const view = boosterCardView(card, nowMs, otherActive);
  const termText = useTermText(card);
  const titleId = `booster-${card.id}-title`;
  const badge = view.state === 'active' ? 'unlocking' : view.state === 'paid' ? 'unlocked' : view.state === 'expired' ? 'expired' : 'locked';
  return (
    <article className={`${styles.card} ${styles[badge]}`} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <span className={styles.cardIcon} aria-hidden="true">
          <Rocket size={20} />
        </span>
        <span className={styles.cardTitleBox}>
          <h2 id={titleId} className={styles.cardTitle}>
            {t('booster.name', { percent: view.percent })}
          </h2>
          <span className={styles.cardSub}>
            {card.target === 'sports' ? t('booster.target.sports') : t('booster.target.casino', { minutes: card.session_minutes })}
          </span>
        </span>
      </header>
      <span className={`${styles.badge} ${styles[`badge_${badge}`]}`}>{t(`booster.status.${view.state}`)}</span>
      <ul className={styles.terms} aria-label={t('bonus.termsTitle')}>
        {view.terms.map((term) => (
          <li key={term.key}>{termText(term)}</li>
        ))}
      </ul>
      {view.state === 'attached' ? <p className={styles.cardSub}>{t('booster.onBet', { id: card.bet_id })}</p> : null}
      {view.state === 'paid' ? <p className={styles.checked}>{t('booster.paid', { amount: moneyText(card.paid, card.currency, i18n.language) })}</p> : null}
      {view.sessionMinutesLeft !== undefined ? (
        <p className={styles.countdown}>
          <Clock size={16} aria-hidden="true" />
          {t('booster.sessionLeft', { minutes: view.sessionMinutesLeft })}
        </p>
      ) : null}
      {view.action === 'activate' ? (
        <Button block onClick={() => onUse(card.id)} disabled={busy} aria-busy={busy}>
          {t('booster.activate')}
        </Button>
      ) : view.action === 'waitOther' ? (
        <p className={styles.cardSub}>{t('booster.waitOther')}</p>
      ) : view.action === 'play' ? (
        <div className={styles.playRow}>
          <Link to={card.target === 'sports' ? paths.sport : paths.game} className={styles.playLink}>
            {card.target === 'sports' ? t('bonus.playSports') : t('bonus.playCasino')}
          </Link>
        </div>
      ) : null}
    </article>
  );
}

/** Activates a card with its toasts; shared by the list and the modal. */
export function useBoosterActivate() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const use = useBoosterUseMutation(uid, {
    onSuccess: () => toastShow({ kind: 'success', text: t('booster.activated') }),
    onError: (error) => toastShow({ kind: 'error', text: bonusErrorText(error, t) }),
  });
  const activate = (id: string, after?: () => void) => use.mutate(id, { onSuccess: () => after?.() });
  return { activate, busy: use.isPending };
}

/** /use-bonus: how booster cards work and the player's cards, the usable ones first. */
export function BoosterList() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const list = useBoosterListQuery(uid);
  const { activate, busy } = useBoosterActivate();
  const now = useMinuteClock();
  const cards = boostersOrdered(list.data?.list ?? [], now);
  const anyActive = cards.some((card) => card.status === 1);
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="booster-how">
        <h2 id="booster-how" className={styles.cardTitle}>
          {t('booster.howTitle')}
        </h2>
        <ol className={styles.terms}>
          <li>{t('booster.how1')}</li>
          <li>{t('booster.how2')}</li>
          <li>{t('booster.how3')}</li>
        </ol>
      </section>
      {list.isPending ? (
        <Skeleton height={160} />
      ) : list.isError ? (
        <EmptyState icon={<Rocket size={40} />} title={t('booster.loadFailed')} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />
      ) : cards.length === 0 ? (
        <>
          <EmptyState icon={<Rocket size={40} />} title={t('booster.empty')} body={t('booster.emptyBody')} />
          <Link to={paths.redeem} className={buttonClassName({ block: true })}>
            {t('booster.redeem')}
          </Link>
        </>
      ) : (
        cards.map((card) => <BoosterCard key={card.id} card={card} nowMs={now} otherActive={anyActive} onUse={(id) => activate(id)} busy={busy} />)
      )}
    </div>
  );
}
