import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CurrencySelector } from '../../features/wallet/currency-selector.tsx';
import { HeaderBalance } from '../../features/wallet/header-balance.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { paths } from '../routes.ts';
import styles from './header.module.css';

/** Spec §2 header: logo back to game home; Login and Register when signed out; balance and deposit when signed in. */
export function Header() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  const login = useSessionStore((state) => state.login);
  return (
    <header className={styles.header}>
      <Link to={paths.game} className={styles.logo} aria-label={t('header.home', { brand: variant.name })}>
        <img src={variant.favicon} alt="" width={30} height={30} />
        <span className={login ? `${styles.name} ${styles.nameWide}` : styles.name}>{variant.name}</span>
      </Link>
      <div className={styles.actions}>
        {login ? (
          <>
            <CurrencySelector />
            <HeaderBalance partnerBridge={variant.flags.partnerBridge} />
            <Link to={paths.deposit} className={buttonClassName({ variant: 'primary', compact: true })}>
              {t('header.deposit')}
            </Link>
          </>
        ) : (
          <>
            <Link to={paths.loginb} className={buttonClassName({ variant: 'ghost', compact: true })}>
              {t('header.login')}
            </Link>
            <Link to={paths.register} className={buttonClassName({ variant: 'primary', compact: true })}>
              {t('header.register')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
