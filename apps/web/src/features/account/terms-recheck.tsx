import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useLogoutMutation } from './api/account-api.ts';
import { useTermsAcceptMutation, useTermsCurrentQuery } from './api/terms-api.ts';

/** The sheet shows for a signed-in player asked again only: its code is no part of every first screen (decision 077). */
const ConsentSheet = lazy(() => import('./consent-sheet.tsx').then((module) => ({ default: module.ConsentSheet })));

/**
 * A signed-in player whose accepted terms are older than the brand's current ones (an operator published new terms,
 * decision 040) is asked to accept them before playing on: the sheet cannot be closed, only accepted or left by
 * signing out. Asked once per sign-in and again after a change; accepting twice records the first time.
 */
export function TermsRecheck() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  // Nobody signed in has terms to accept again: a visitor's first screen asks nothing (the sign-up forms ask themselves).
  const terms = useTermsCurrentQuery(uid, { enabled: uid !== 0 });
  const accept = useTermsAcceptMutation(uid);
  const logout = useLogoutMutation();
  if (uid === 0 || terms.data?.ask !== 1) return null;
  return (
    <Suspense fallback={null}>
      <ConsentSheet
        mode="changed"
        version={terms.data.version}
        busy={accept.isPending}
        error={accept.error}
        onAccept={(consent) => accept.mutate(consent)}
        secondary={
          <Button variant="ghost" block onClick={() => logout.mutate()} disabled={logout.isPending}>
            {t('account.logout')}
          </Button>
        }
      />
    </Suspense>
  );
}
