import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormError } from './form-error.tsx';
import { useVisitorLoginMutation } from './api/account-api.ts';
import { useConsentRetry } from './consent-sheet.tsx';

/**
 * Tourist mode: play straight away on a guest account that can be saved with an e-mail later. A new guest account
 * asks for the age and the terms first (decision 040); the tourist this device already has comes back unasked.
 */
export function GuestButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const visitor = useVisitorLoginMutation({ onDone: onSignedIn });
  const consent = useConsentRetry<undefined>({
    attempt: (_variables, given, handlers) => visitor.mutate(given, handlers),
    pending: visitor.isPending,
  });
  return (
    <>
      <Button variant="ghost" block onClick={() => consent.start(undefined)} disabled={visitor.isPending} aria-busy={visitor.isPending}>
        {t('account.playAsGuest')}
      </Button>
      <FormError error={consent.asking ? undefined : visitor.error} />
      {consent.sheet}
    </>
  );
}
