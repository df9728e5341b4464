import { CalendarCheck, Gift, Sparkles, Ticket, Trophy } from 'lucide-react';
import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { usePromotionListQuery } from './api/promotion-api.ts';
import { promotionCardView, type Promotion, type PromotionTarget } from './promotion-model.ts';
import styles from './bonus.module.css';

const TARGET_PATHS: Record<PromotionTarget, string> = {
  deposit: paths.deposit,
  register: paths.register,
  freeRounds: paths.promotionFreeRounds,
  bonus: paths.bonus,
};

function PromotionCard({ promotion, signedIn }: { promotion: Promotion; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const view = promotionCardView(promotion, signedIn);
  const money = (amount: number) => moneyText(amount, promotion.currency, i18n.language);
  const titleId = `promotion-${promotion.id}`;
  const headline =
    view.headline.key === 'match'
      ? view.headline.max > 0
        ? t('promotion.headline.matchUpTo', { percent: view.headline.percent, amount: money(view.headline.max) })
        : t('promotion.headline.match', { percent: view.headline.percent })
      : view.headline.key === 'rounds'
        ? t('promotion.headline.rounds', { count: view.headline.rounds, stake: money(view.headline.bet) })
        : money(view.headline.amount);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <span className={styles.cardIcon} aria-hidden="true">
          {view.kindKey === 'free_rounds' ? <Sparkles size={20} /> : view.kindKey === 'sign_up' ? <Gift size={20} /> : <CalendarCheck size={20} />}
        </span>
        <span className={styles.cardTitleBox}>
          <h2 id={titleId} className={styles.cardTitle}>
            {t(`promotion.kind.${view.kindKey}`)}
          </h2>
          <span className={styles.cardSub}>{headline}</span>
        </span>
      </header>
      <ul className={styles.terms} aria-label={t('bonus.termsTitle')}>
        {view.terms.map((term) => (
          <li key={term.key}>
            {term.key === 'wager'
              ? t('promotion.terms.wager', { times: term.times })
              : term.key === 'depositMin'
                ? t('promotion.terms.depositMin', { amount: money(term.amount) })
                : term.key === 'lifetime'
                  ? t('promotion.terms.lifetime', { days: term.days })
                  : t(`promotion.terms.${term.key}`)}
          </li>
        ))}
      </ul>
      <Link to={TARGET_PATHS[view.target]} className={buttonClassName({ block: true })}>
        {t(`promotion.cta.${view.target}`)}
      </Link>
    </article>
  );
}

/** /promotion: the brand's running offers as cards, each leading to where the offer is taken, then the other ways in. */
export function PromotionList() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const visitor = useSessionStore((state) => Boolean(state.login?.visitor));
  const list = usePromotionListQuery(variantCurrent().appKey, uid);
  const promotions = list.data?.list ?? [];
  return (
    <div className={styles.stack}>
      {list.isPending ? (
        <div className={styles.stack} aria-busy="true">
          <Skeleton height={180} />
          <Skeleton height={180} />
        </div>
      ) : promotions.length === 0 ? (
        <EmptyState
          icon={<Gift size={28} />}
          title={list.isError ? t('promotion.loadFailed') : t('promotion.empty')}
          body={list.isError ? undefined : t('promotion.emptyBody')}
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching}
        />
      ) : (
        promotions.map((promotion) => <PromotionCard key={promotion.id} promotion={promotion} signedIn={uid > 0 && !visitor} />)
      )}
      <nav className={styles.stack} aria-label={t('promotion.more')}>
        <Link to={paths.promotionFreeRounds} className={buttonClassName({ variant: 'ghost', block: true })}>
          <Sparkles size={18} aria-hidden="true" />
          {t('freeRounds.title')}
        </Link>
        <Link to={paths.award} className={buttonClassName({ variant: 'ghost', block: true })}>
          <Trophy size={18} aria-hidden="true" />
          {t('award.title')}
        </Link>
        <Link to={paths.redeem} className={buttonClassName({ variant: 'ghost', block: true })}>
          <Ticket size={18} aria-hidden="true" />
          {t('redeem.title')}
        </Link>
      </nav>
    </div>
  );
}
