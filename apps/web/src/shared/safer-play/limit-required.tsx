import { ApiError, ERRORS } from '@piranha/contract';
import { useTranslation } from '../i18n/translate.ts';
import { paths } from '../paths/paths.ts';
import { Link } from '../router/router.tsx';
import styles from './limit-required.module.css';

/** The query the Safer play page reads to send the player back where they were refused once the limit is set. */
export const LIMIT_REQUIRED_RETURN = 'return';

/**
 * Whether a refusal is the law's limit not yet set (SAFER_LIMIT_REQUIRED, decision 057): a Brazilian guest never met
 * the sign-up form that asks it, so their first deposit, bet or game launch is refused until they set it.
 */
export function isLimitRequired(error: unknown): boolean {
  return error instanceof ApiError && error.dmError === ERRORS.SAFER_LIMIT_REQUIRED.code;
}

/**
 * Under the refusal's own translated message: the way to set the limit right there — the Safer play limit form, with
 * the loss limit chosen; saving it brings the player back here to try again. Renders nothing for other errors.
 */
export function LimitRequiredAction({ error, onFollow }: { error: unknown; /** e.g. closes the sheet the refusal is in */ onFollow?: () => void }) {
  const { t } = useTranslation();
  if (!isLimitRequired(error)) return null;
  return (
    <Link className={styles.action} to={`${paths.saferPlay}?${LIMIT_REQUIRED_RETURN}=1`} onClick={onFollow} data-testid="limit-required-set">
      {t('saferPlay.limitRequiredAction')}
    </Link>
  );
}
