import {
  studioRound,
  studioRoundAction,
  studioRounds,
  studioSeedClient,
  studioSeedRotate,
  studioSession,
  type RoundView,
  type StudioAction,
} from '@piranha/contract';
import type { CasinoParams, HouseGameId } from '@piranha/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { randomId } from '../../../shared/random-id.ts';

/** The game client's server state, keyed by its launch token (one token = one visit of one game). */
export const studioKeys = {
  session: (token: string) => ['studio', 'session', token] as const,
  rounds: (token: string) => ['studio', 'rounds', token] as const,
};

export function useStudioSessionQuery(token: string) {
  return useQuery({
    queryKey: studioKeys.session(token),
    queryFn: () => api.call(studioSession, { query: { token } }),
    enabled: token.length > 0,
    staleTime: Infinity,
  });
}

export function useStudioRoundsQuery(token: string, enabled: boolean) {
  return useQuery({
    queryKey: studioKeys.rounds(token),
    queryFn: () => api.call(studioRounds, { query: { token, limit: '10' } }),
    enabled: enabled && token.length > 0,
    staleTime: 0,
  });
}

/** One bet: a fresh idempotency key per tap, so the client's retries can never place it twice. */
export function useRoundPlayMutation(token: string, gameId: HouseGameId) {
  return useMutation({
    mutationFn: ({ bet, params, freeRound }: { bet: number; params: CasinoParams; freeRound?: boolean }): Promise<RoundView> =>
      api.call(studioRound, { body: { token, game_id: gameId, bet, params, ...(freeRound ? { free_round: 1 as const } : {}) }, idempotencyKey: randomId() }),
  });
}

export function useRoundActionMutation(token: string) {
  return useMutation({
    mutationFn: ({
      roundId,
      action,
      tile,
      door,
      holds,
      hand,
    }: {
      roundId: string;
      action: StudioAction;
      tile?: number;
      door?: number;
      holds?: number;
      hand?: number;
    }): Promise<RoundView> =>
      api.call(studioRoundAction, {
        body: {
          token,
          round_id: roundId,
          action,
          ...(tile !== undefined ? { tile } : {}),
          ...(door !== undefined ? { door } : {}),
          ...(holds !== undefined ? { holds } : {}),
          ...(hand !== undefined ? { hand } : {}),
        },
        idempotencyKey: randomId(),
      }),
  });
}

export function useClientSeedMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) => api.call(studioSeedClient, { body: { token, client_seed: clientSeed } }),
    onSuccess: (fair) => queryClient.setQueryData(studioKeys.session(token), (session) => (session ? { ...session, fair } : session)),
  });
}

export function useSeedRotateMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(studioSeedRotate, { body: { token } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(studioKeys.session(token), (session) => (session ? { ...session, fair: answer.current } : session));
      void queryClient.invalidateQueries({ queryKey: studioKeys.rounds(token) });
    },
  });
}
