import { MARKET_LEGAL } from '@piranha/domain';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { paths } from '../../shared/paths/paths.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import styles from './site-footer.module.css';

/** The foot of the lobbies: the licence of the brand's market, the age limit and the legal pages (issue 15). */
export function SiteFooter() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  const legal = MARKET_LEGAL[variant.market];
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <p className={styles.age}>
        {/* "18+" is the same sign in every language; the sentence beside it says it in words. */}
        <span className={styles.ageBadge} aria-hidden="true">
          {legal.minimumAge}+
        </span>
        {t('siteFooter.age', { age: legal.minimumAge })}
      </p>
      <p className={styles.licence}>
        {legal.regulator ? t('siteFooter.licensed', { brand: variant.name, regulator: legal.regulator }) : t('siteFooter.unlicensed', { brand: variant.name })}
      </p>
      {/* A group, not a second navigation landmark: the footer tabs are the app's navigation. */}
      <div className={styles.links} role="group" aria-label={t('siteFooter.label')}>
        <Link to={paths.terms}>{t('siteFooter.terms')}</Link>
        <Link to={paths.privacy}>{t('siteFooter.privacy')}</Link>
        <Link to={paths.responsibleGaming}>{t('siteFooter.responsible')}</Link>
      </div>
    </footer>
  );
}
