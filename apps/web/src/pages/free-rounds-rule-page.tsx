import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import styles from '../features/bonus/bonus.module.css';

const RULES = ['game', 'stake', 'winnings', 'expiry', 'once', 'limits'] as const;

/** /promotion/free-rounds/rule: how free rounds work, in the player's language. */
export default function FreeRoundsRulePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('freeRounds.rule.title')} backTo={paths.promotionFreeRounds} />
      <section className={styles.card}>
        <ol className={styles.terms}>
          {RULES.map((rule) => (
            <li key={rule}>{t(`freeRounds.rule.${rule}`)}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
