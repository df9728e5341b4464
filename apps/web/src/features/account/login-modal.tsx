import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import styles from './account-forms.module.css';
import { GoogleSignIn } from './google-sign-in.tsx';
import { GuestButton } from './guest-button.tsx';
import { LoginForm } from './login-form.tsx';

/**
 * The in-page login of the newer UI (spec §2: /loginb "also the in-page login when the newer UI is on"): the same
 * sign-in as /loginb in a modal over the page the player was on, so signing in keeps their place.
 */
export function LoginModal({ onClose, registerTo, forgotTo }: { onClose: () => void; registerTo: string; forgotTo: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('account.loginTitle')} onClose={onClose}>
      <div className={styles.form}>
        <LoginForm
          onSignedIn={onClose}
          passwordHelp={
            <Link to={forgotTo} className={styles.forgot} onClick={onClose}>
              {t('recovery.forgotLink')}
            </Link>
          }
        />
        <GoogleSignIn action="login" onSignedIn={onClose} />
        <div className={styles.divider}>{t('account.or')}</div>
        <GuestButton onSignedIn={onClose} />
        <div className={styles.links}>
          <Link to={registerTo} onClick={onClose}>
            {t('account.noAccount')}
          </Link>
        </div>
      </div>
    </Modal>
  );
}
