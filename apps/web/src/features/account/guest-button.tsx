import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FormError } from './form-error.tsx';
import { useVisitorLoginMutation } from './api/account-api.ts';

/** Tourist mode: play straight away on a guest account that can be saved with an e-mail later. */
export function GuestButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const visitor = useVisitorLoginMutation({ onDone: onSignedIn });
  return (
    <>
      <Button variant="ghost" block onClick={() => visitor.mutate()} disabled={visitor.isPending} aria-busy={visitor.isPending}>
        {t('account.playAsGuest')}
      </Button>
      <FormError error={visitor.error} />
    </>
  );
}
