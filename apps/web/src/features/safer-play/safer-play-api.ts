import { kycState, kycSubmit, saferBlockSet, saferLimitSet, saferState, saferStatement, type EndpointBody, type EndpointData } from '@piranha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api.ts';

export type SaferState = EndpointData<typeof saferState>;
export type SaferLimit = SaferState['limits'][number];

const saferKey = (uid: number) => ['safer-play', uid] as const;

/** The player's limits, pending changes and any time-out or self-exclusion (the server decides; this only shows). */
export function useSaferStateQuery(uid: number) {
  return useQuery({ queryKey: saferKey(uid), queryFn: () => api.call(saferState), enabled: uid > 0, staleTime: 0 });
}

export function useSaferLimitMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof saferLimitSet>) => api.call(saferLimitSet, { body }),
    onSuccess: (state) => queryClient.setQueryData(saferKey(uid), state),
  });
}

export function useSaferBlockMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof saferBlockSet>) => api.call(saferBlockSet, { body }),
    onSuccess: (state) => queryClient.setQueryData(saferKey(uid), state),
  });
}

export type SaferStatement = EndpointData<typeof saferStatement>;

/** The activity statement of the last 7, 30 or 90 days, per day of the brand's calendar. */
export function useSaferStatementQuery(uid: number, days: '7' | '30' | '90') {
  return useQuery({ queryKey: ['safer-play', uid, 'statement', days], queryFn: () => api.call(saferStatement, { query: { days } }), enabled: uid > 0 });
}

export type KycView = EndpointData<typeof kycState>;

const kycKey = (uid: number) => ['kyc', uid] as const;

/** The player's identity check (decision 037): its state, what the brand's law asks it before, the provider's page. */
export function useKycStateQuery(uid: number) {
  return useQuery({ queryKey: kycKey(uid), queryFn: () => api.call(kycState), enabled: uid > 0, staleTime: 0 });
}

export function useKycSubmitMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof kycSubmit>) => api.call(kycSubmit, { body }),
    onSuccess: (state) => queryClient.setQueryData(kycKey(uid), state),
  });
}
