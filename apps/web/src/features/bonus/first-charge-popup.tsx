import { depositInfoGet } from '@piranha/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api/api.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { FirstChargeModal } from './bonus-popups.tsx';

/**
 * The first-charge pop-up with its data: what a first deposit earns (pay/info/get). Loaded only when the pop-up is
 * asked for — the finance schemas stay out of the first route. A player who has deposited already (or a brand with
 * no first-deposit bonus) gets no pop-up: it closes itself.
 */
export default function FirstChargePopup({ onClose }: { onClose: () => void }) {
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const { data, isError } = useQuery({
    queryKey: ['bonus', 'first-deposit-offer', uid] as const,
    queryFn: () => api.call(depositInfoGet, { query: { pay_type: 'payin' } }),
    enabled: uid > 0,
    staleTime: 0,
  });
  const open = data ? data.is_first_deposit === 1 && data.bonus_max > 0 : undefined;
  useEffect(() => {
    if (open === false || isError) onClose();
  }, [open, isError, onClose]);
  if (!data || !open) return null;
  return <FirstChargeModal bonusMax={data.bonus_max} currency={data.currency} onClose={onClose} />;
}
