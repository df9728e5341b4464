import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';

/** Sends a code and then counts down the resend cooldown the server answered (60 s). */
export function CodeSendButton({ onSend, disabled }: { onSend: () => Promise<{ resend_s: number }>; disabled: boolean }) {
  const { t } = useTranslation();
  const [cooldown, setCooldown] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((seconds) => seconds - 1), 1_000);
    return () => clearTimeout(timer);
  }, [cooldown]);
  const send = async () => {
    setSending(true);
    try {
      setCooldown((await onSend()).resend_s);
    } catch {
      // The form shows the failure; the button is free to try again.
    } finally {
      setSending(false);
    }
  };
  return (
    <Button variant="ghost" onClick={() => void send()} disabled={disabled || sending || cooldown > 0} aria-busy={sending}>
      {cooldown > 0 ? t('account.resendIn', { seconds: cooldown }) : t('account.sendCode')}
    </Button>
  );
}
