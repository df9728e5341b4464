import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import styles from './account-info.module.css';
import { FormError } from './form-error.tsx';
import { useAccountCloseMutation } from './api/account-api.ts';

/** What closing means, then a second, explicit button before the account is closed for good. */
export function AccountCancellation({ onClosed, onKept }: { onClosed: () => void; onKept: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const close = useAccountCloseMutation({
    onDone: () => {
      toastShow({ kind: 'success', text: t('profile.closedToast') });
      onClosed();
    },
  });
  return (
    <div className={styles.page}>
      <section className={styles.explain}>
        <p>{t('profile.closeIntro')}</p>
        <ul>
          <li>{t('profile.closeSignIn')}</li>
          <li>{t('profile.closeSessions')}</li>
          <li>{t('profile.closeFinal')}</li>
        </ul>
      </section>
      {confirming ? (
        <section className={styles.confirm} aria-live="polite">
          <p>{t('profile.closeQuestion')}</p>
          <FormError error={close.error} />
          <Button block className={styles.dangerButton} disabled={close.isPending} aria-busy={close.isPending} onClick={() => close.mutate()}>
            {t('profile.closeConfirm')}
          </Button>
          <Button variant="ghost" block disabled={close.isPending} onClick={() => setConfirming(false)}>
            {t('profile.closeKeep')}
          </Button>
        </section>
      ) : (
        <>
          <Button variant="ghost" block className={styles.dangerOutline} onClick={() => setConfirming(true)}>
            {t('profile.closeStart')}
          </Button>
          <Button block onClick={onKept}>
            {t('profile.closeKeep')}
          </Button>
        </>
      )}
    </div>
  );
}
