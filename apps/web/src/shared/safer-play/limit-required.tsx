import { ApiError, ERRORS } from '@piranha/contract';
import { useTranslation } from '../i18n/translate.ts';
import { paths } from '../paths/paths.ts';
import { Link } from '../router/router.tsx';
import styles from './limit-required.module.css';

/** The query the Safer play page reads to send the player back where they were refused once the limit is set. */
export const LIMIT_REQUIRED_RETURN = 'return';
/** The queries that open the Safer play limit form on a kind and a currency (a refusal names the limit missing). */
export const LIMIT_KIND_PARAM = 'kind';
export const LIMIT_CURRENCY_PARAM = 'currency';

const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];

/**
 * Whether a refusal is the law's limit not yet set (SAFER_LIMIT_REQUIRED, decision 057): a Brazilian guest never met
 * the sign-up form that asks it, so their first deposit, bet or game launch is refused until they set it.
 */
export function isLimitRequired(error: unknown): boolean {
  return error instanceof ApiError && error.dmError === ERRORS.SAFER_LIMIT_REQUIRED.code;
}

/**
 * The limit a SAFER_LIMIT_CURRENCY refusal names (decision 065): the player keeps a limit of this kind in another
 * currency and none in the one the money would move in; `data.issue` is `<kind>_limit_in_<currency>`.
 */
export function currencyLimitMissing(error: unknown): { kind: MoneyLimitKind; currency: string } | undefined {
  if (!(error instanceof ApiError) || error.dmError !== ERRORS.SAFER_LIMIT_CURRENCY.code) return undefined;
  const issue = (error.data as { issue?: unknown } | null | undefined)?.issue;
  const match = typeof issue === 'string' ? /^([a-z]+)_limit_in_([A-Z0-9]{2,10})$/.exec(issue) : null;
  const kind = MONEY_LIMIT_KINDS.find((entry) => entry === match?.[1]);
  return kind && match ? { kind, currency: match[2]! } : undefined;
}

/**
 * Under the refusal's own translated message: the way to set the limit right there — the Safer play limit form, with
 * the law's loss limit chosen (SAFER_LIMIT_REQUIRED) or the kind and currency a SAFER_LIMIT_CURRENCY refusal names;
 * saving it brings the player back here to try again. Renders nothing for other errors.
 */
export function LimitRequiredAction({ error, onFollow }: { error: unknown; /** e.g. closes the sheet the refusal is in */ onFollow?: () => void }) {
  const { t } = useTranslation();
  const missing = currencyLimitMissing(error);
  if (missing) {
    const query = `${LIMIT_REQUIRED_RETURN}=1&${LIMIT_KIND_PARAM}=${missing.kind}&${LIMIT_CURRENCY_PARAM}=${missing.currency}`;
    return (
      <Link className={styles.action} to={`${paths.saferPlay}?${query}`} onClick={onFollow} data-testid="limit-currency-set">
        {t(`saferPlay.limitCurrencyAction.${missing.kind}`, { currency: missing.currency })}
      </Link>
    );
  }
  if (!isLimitRequired(error)) return null;
  return (
    <Link className={styles.action} to={`${paths.saferPlay}?${LIMIT_REQUIRED_RETURN}=1`} onClick={onFollow} data-testid="limit-required-set">
      {t('saferPlay.limitRequiredAction')}
    </Link>
  );
}
