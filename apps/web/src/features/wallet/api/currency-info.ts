import { currencyInfoGet } from '@piranha/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/** Spec §3 currency info: every supported currency in selector order, which ones this brand enables, the default. */
export function useCurrencyInfoQuery(enabled: boolean) {
  return useQuery({ queryKey: ['wallet', 'currency-info'], queryFn: () => api.call(currencyInfoGet), enabled, staleTime: 300_000 });
}
