import type { CurrencyCode, VariantProfile } from '@piranha/domain';
import { STORAGE_KEYS, storageGet, storageRemove, storageSet } from '../storage.ts';
import { variantCurrent } from './variant-detect.ts';

/** The player's wallet currency: their stored choice when the brand offers it, else the brand's default. */
export function currencyPick(variant: VariantProfile, stored: string | undefined): CurrencyCode {
  return variant.currencies.find((code) => code === stored) ?? variant.currency;
}

export function currencyCurrent(): CurrencyCode {
  return currencyPick(variantCurrent(), storageGet<string>(STORAGE_KEYS.currency));
}

/**
 * Spec §4 currency change: when the choice differs, the message cache is cleared, the choice is stored and the
 * page reloads, so every request, cache and figure starts over in the new currency.
 */
export function currencyChange(code: string, reload: () => void = () => window.location.reload()): boolean {
  if (code === currencyCurrent() || !variantCurrent().currencies.some((offered) => offered === code)) return false;
  storageRemove(STORAGE_KEYS.messageCache);
  storageSet(STORAGE_KEYS.currency, code);
  reload();
  return true;
}
