import { Menu } from 'lucide-react';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link, useNavigate } from '../../shared/router/router.tsx';
import { MenuUnreadBadge } from '../../features/messages/menu-unread-badge.tsx';
import { useUnreadCached } from '../../features/messages/unread-cache.ts';
import { CurrencySelector } from '../../features/wallet/currency-selector.tsx';
import { HeaderBalance } from '../../features/wallet/header-balance.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { depositGate } from '../../shared/session/tourist-save-prompt.ts';
import { Button, buttonClassName } from '../../shared/ui/button.tsx';
import { uiV3On } from '../../shared/ui-version.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { paths } from '../../shared/paths/paths.ts';
import messageStyles from '../../features/messages/messages.module.css';
import styles from './header.module.css';

/**
 * The in-page login (its forms, Google sign-in, guest play) opens only on a tap, so its code is not part of every
 * first screen's JavaScript: it loads on the tap.
 */
/** The bonus under the cash (a signed-in player's): its queries and schemas load after the first screen. */
const BonusBalanceChip = lazy(() => import('../../features/bonus/bonus-balance-chip.tsx').then((module) => ({ default: module.BonusBalanceChip })));

/** The bell polls the unread count (decision 028) with the messages API: both load after the first screen. */
const UnreadBadge = lazy(() => import('../../features/messages/unread-badge.tsx').then((module) => ({ default: module.UnreadBadge })));

/** The BRG header's parts (decision 064): a partner-bridge brand's signed-in player only. */
const BrgBack = lazy(() => import('./brg-header.tsx').then((module) => ({ default: module.BrgBack })));
const BrgBalance = lazy(() => import('./brg-header.tsx').then((module) => ({ default: module.BrgBalance })));

const LoginModal = lazy(() => import('../../features/account/login-modal.tsx').then((module) => ({ default: module.LoginModal })));

/**
 * Spec §2 header: the menu; the logo back to game home; Login and Register when signed out (with UI v3, Login opens
 * the in-page login modal); balance and deposit when signed in (a tourist meets the e-mail-save modal first).
 */
export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const variant = variantCurrent();
  const login = useSessionStore((state) => state.login);
  const [loginOpen, setLoginOpen] = useState(false);
  const unread = useUnreadCached(login?.uid ?? 0);
  // Spec §2: a partner-bridge brand's header shows the client balance and a back-to-client button (decision 064).
  const brg = variant.flags.partnerBridge && Boolean(login);
  // A multi-currency wallet adds its picker to the signed-in actions: on a phone they then need the whole row.
  const crowded = Boolean(login) && !brg && variant.currencies.length > 1;
  return (
    <header className={crowded ? `${styles.header} ${styles.crowded}` : styles.header}>
      {brg ? (
        <Suspense fallback={null}>
          <BrgBack />
        </Suspense>
      ) : null}
      <Link to={paths.menu} className={styles.menu} aria-label={unread > 0 ? t('messages.menuUnread', { count: unread }) : t('account.menuOpen')}>
        <Menu size={22} aria-hidden="true" />
        <MenuUnreadBadge />
      </Link>
      <Link
        to={uiV3On() ? paths.homeGame : paths.game}
        className={crowded ? `${styles.logo} ${styles.logoCrowded}` : styles.logo}
        aria-label={t('header.home', { brand: variant.name })}
      >
        <img src={variant.favicon} alt="" width={30} height={30} />
        <span className={login ? `${styles.name} ${styles.nameWide}` : styles.name} style={{ '--name-chars': variant.name.length } as CSSProperties}>
          {variant.name}
        </span>
      </Link>
      <div className={styles.actions}>
        {login ? (
          <>
            {brg ? null : <CurrencySelector />}
            <span className={styles.balanceBox}>
              {brg ? (
                <Suspense fallback={<HeaderBalance />}>
                  <BrgBalance />
                </Suspense>
              ) : (
                <>
                  <HeaderBalance />
                  <Suspense fallback={null}>
                    <BonusBalanceChip />
                  </Suspense>
                </>
              )}
            </span>
            {/* The bell's own box holds its place while it loads: nothing beside it moves. */}
            <Suspense fallback={<span className={messageStyles.bell} aria-hidden="true" />}>
              <UnreadBadge />
            </Suspense>
            {brg ? null : (
              <Button compact onClick={() => depositGate(() => navigate(paths.deposit))}>
                {t('header.deposit')}
              </Button>
            )}
          </>
        ) : (
          <>
            {uiV3On() ? (
              <Button variant="ghost" compact onClick={() => setLoginOpen(true)}>
                {t('header.login')}
              </Button>
            ) : (
              <Link to={paths.loginb} className={buttonClassName({ variant: 'ghost', compact: true })}>
                {t('header.login')}
              </Link>
            )}
            <Link to={paths.register} className={buttonClassName({ variant: 'primary', compact: true })}>
              {t('header.register')}
            </Link>
          </>
        )}
      </div>
      {/* Portalled: the header's backdrop-filter would make it the box a fixed overlay is placed in. */}
      {loginOpen && !login
        ? createPortal(
            <Suspense fallback={null}>
              <LoginModal onClose={() => setLoginOpen(false)} registerTo={paths.register} forgotTo={paths.forgotPassword} />
            </Suspense>,
            document.body,
          )
        : null}
    </header>
  );
}
