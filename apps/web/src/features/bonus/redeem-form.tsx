import { intlLocaleOf } from '@piranha/domain';
import { Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button, buttonClassName } from '../../shared/ui/button.tsx';
import { bonusErrorText } from './bonus-error.ts';
import { promoCodeCheckCall, usePromoCodeUseMutation } from './api/bonus-api.ts';
import { isFreeBet, promoCodeShapeOk, type Bonus } from './bonus-model.ts';
import styles from './bonus.module.css';

interface Checked {
  code: string;
  amount: number;
  currency: string;
  expire_time: number;
}

/**
 * /redeem: the code box. "Check" shows what the code grants before it is spent; "Redeem" claims it. A code of the
 * wrong shape is refused here; the server's refusals (unknown, used up, expired, already claimed) arrive in the
 * player's language.
 */
export function RedeemForm() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checked, setChecked] = useState<Checked | undefined>();
  const [checking, setChecking] = useState(false);
  const [granted, setGranted] = useState<Bonus | undefined>();
  const use = usePromoCodeUseMutation(uid);
  const trimmed = code.trim();
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium' });

  const shapeOk = () => {
    if (promoCodeShapeOk(trimmed)) return true;
    setError(t('redeem.shape'));
    return false;
  };
  const check = async () => {
    setError(undefined);
    setChecked(undefined);
    if (!shapeOk()) return;
    setChecking(true);
    try {
      setChecked(await promoCodeCheckCall(trimmed));
    } catch (failure) {
      setError(bonusErrorText(failure, t));
    } finally {
      setChecking(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!shapeOk()) return;
    use.mutate(trimmed, {
      onSuccess: (bonus) => {
        setGranted(bonus);
        setChecked(undefined);
        setCode('');
      },
      onError: (failure) => setError(bonusErrorText(failure, t)),
    });
  };

  return (
    <div className={styles.stack}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <label htmlFor="redeem-code" className={styles.label}>
          {t('redeem.label')}
        </label>
        <input
          id="redeem-code"
          className={styles.input}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
            setChecked(undefined);
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'redeem-error' : 'redeem-hint'}
        />
        {error ? (
          <p id="redeem-error" role="alert" className={styles.error}>
            {error}
          </p>
        ) : (
          <p id="redeem-hint" className={styles.cardSub}>
            {t('redeem.hint')}
          </p>
        )}
        {checked ? (
          <p className={styles.checked} role="status">
            {t('redeem.checked', {
              amount: moneyText(checked.amount, checked.currency, i18n.language),
              date: date.format(new Date(checked.expire_time * 1000)),
            })}
          </p>
        ) : null}
        <div className={styles.formRow}>
          <Button variant="ghost" onClick={() => void check()} disabled={checking || use.isPending || trimmed === ''} aria-busy={checking}>
            {t('redeem.check')}
          </Button>
          <Button type="submit" disabled={use.isPending || trimmed === ''} aria-busy={use.isPending}>
            {t('redeem.submit')}
          </Button>
        </div>
      </form>
      {granted ? (
        <section className={styles.card} role="status" aria-live="polite">
          <span className={styles.popupIcon} aria-hidden="true">
            <Ticket size={28} />
          </span>
          <p className={styles.popupLine}>
            {granted.kind === 'booster'
              ? t('booster.redeemed', { amount: moneyText(granted.amount, granted.currency, i18n.language) })
              : granted.free_rounds
                ? t('redeem.doneFreeRounds', { count: granted.free_rounds.rounds, stake: moneyText(granted.free_rounds.bet, granted.currency, i18n.language) })
                : t(isFreeBet(granted) ? 'redeem.doneFreeBet' : 'redeem.done', { amount: moneyText(granted.amount, granted.currency, i18n.language) })}
          </p>
          {/* A booster card is used from /use-bonus (decision 044); free rounds are listed on /promotion/free-rounds (043). */}
          <Link
            to={granted.kind === 'booster' ? paths.useBonus : granted.free_rounds ? paths.promotionFreeRounds : paths.bonus}
            className={buttonClassName({ block: true })}
          >
            {t(granted.kind === 'booster' ? 'booster.title' : 'bonus.popup.view')}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
