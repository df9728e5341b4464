import { useState } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { Navigate, useNavigate } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { ProfileCard } from '../features/account/profile-card.tsx';
import { WalletLinks } from '../features/payments/wallet-links.tsx';
import { LoyaltyLinks } from '../features/loyalty/loyalty-links.tsx';
import { ActivityLinks } from '../features/activity/activity-links.tsx';
import { GrowthLinks } from '../features/agent/growth-links.tsx';
import { useSessionStore } from '../shared/session/session-store.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import styles from './pages.module.css';

export default function MePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Judged on arrival: logging out here goes on to the game instead of bouncing to the login page.
  const [arrivedSignedOut] = useState(() => !useSessionStore.getState().login);
  if (arrivedSignedOut) return <Navigate to={paths.loginb} replace />;
  return (
    <>
      <PageTitle title={t('account.meTitle')} />
      <div className={styles.stack}>
        <ProfileCard onLoggedOut={() => navigate(paths.game, { replace: true })} saveEmailTo={paths.saveEmail} />
        <WalletLinks depositTo={paths.deposit} withdrawTo={paths.withdraw} transactionsTo={paths.transaction} bonusTo={paths.walletBonus} />
        <LoyaltyLinks vipTo={paths.vipClub} tasksTo={paths.task} rankingTo={paths.rankingList} />
        <ActivityLinks />
        <GrowthLinks />
      </div>
    </>
  );
}
