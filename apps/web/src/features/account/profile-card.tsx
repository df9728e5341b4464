import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Link } from '../../shared/router/router.tsx';
import { Button, buttonClassName } from '../../shared/ui/button.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import styles from './account-forms.module.css';
import { useAccountInfoQuery, useLogoutMutation } from './api/account-api.ts';

/** Who is signed in, the way out, and for a tourist the way to keep the account (`saveEmailTo`). */
export function ProfileCard({ onLoggedOut, saveEmailTo }: { onLoggedOut: () => void; saveEmailTo: string }) {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const { data } = useAccountInfoQuery(uid);
  const signOut = useLogoutMutation({ onDone: onLoggedOut });
  return (
    <div className={styles.form}>
      <section className={styles.profile} aria-label={t('account.profile')}>
        {data ? (
          <>
            <p className={styles.nick}>{data.nick}</p>
            <p className={styles.meta}>{data.visitor ? t('account.guestAccount') : data.email}</p>
            <p className={styles.meta}>{t('account.playerId', { uid: data.uid })}</p>
          </>
        ) : (
          <>
            <Skeleton height={26} width="60%" />
            <Skeleton height={18} width="80%" />
            <Skeleton height={18} width="40%" />
          </>
        )}
      </section>
      {data?.visitor ? (
        <Link to={saveEmailTo} className={buttonClassName({ variant: 'primary', block: true })}>
          {t('recovery.saveButton')}
        </Link>
      ) : null}
      <Button variant="ghost" block onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        {t('account.logout')}
      </Button>
    </div>
  );
}
