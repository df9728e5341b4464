import { useState } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { Link, Navigate, useNavigate, useSearchParams } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import styles from '../features/account/account-forms.module.css';
import { GoogleSignIn } from '../features/account/google-sign-in.tsx';
import { GuestButton } from '../features/account/guest-button.tsx';
import { LoginForm } from '../features/account/login-form.tsx';
import { useDynconfig } from '../shared/dynconfig.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSessionStore((state) => state.login);
  // Spec §5: login navigation does nothing for a player who is already signed in (judged on arrival, so signing
  // in here goes on to the game rather than bouncing to the account page).
  const expired = params.get('expired') === 'true';
  // A money action refused an idle session (REAUTH_REQUIRED): the signed-in player proves presence by signing in again.
  const reauth = params.get('reauth') === 'true';
  const [arrivedSignedIn] = useState(() => Boolean(login && !login.visitor));
  // login_optimisation_ab (decision 033): arm B offers the one-tap Google sign-in before the e-mail form.
  const googleFirst = useDynconfig('login_optimisation_ab')?.switch === 1;
  if (arrivedSignedIn && !reauth) return <Navigate to={paths.me} replace />;
  const done = () => (reauth ? navigate(-1) : navigate(paths.game, { replace: true }));
  return (
    <div className={styles.form}>
      <PageTitle title={t('account.loginTitle')} />
      {expired || reauth ? (
        <p className={styles.notice} role="status">
          {t(reauth ? 'account.reauthNotice' : 'account.expiredNotice')}
        </p>
      ) : null}
      {googleFirst ? <GoogleSignIn action="login" onSignedIn={done} /> : null}
      <LoginForm
        onSignedIn={done}
        passwordHelp={
          <Link to={paths.forgotPassword} className={styles.forgot}>
            {t('recovery.forgotLink')}
          </Link>
        }
      />
      {googleFirst ? null : <GoogleSignIn action="login" onSignedIn={done} />}
      <div className={styles.links}>
        <Link to={paths.register}>{t('account.noAccount')}</Link>
      </div>
      {login ? null : (
        <>
          <div className={styles.divider}>{t('account.or')}</div>
          <GuestButton onSignedIn={done} />
        </>
      )}
    </div>
  );
}
