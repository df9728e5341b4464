import {
  crashLiveBetPlace,
  crashLiveCashout,
  crashLiveHistory,
  crashLiveState,
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

/** Crash live (decision 071): the shared round's state, the player's bet and cash-out, the brand's crashed rounds. */
export const crashLiveKeys = {
  all: ['studio', 'crash-live'] as const,
  state: (token: string) => ['studio', 'crash-live', 'state', token] as const,
  history: (token: string) => ['studio', 'crash-live', 'history', token] as const,
};

/**
 * The round on screen. The socket's `crash_live` events read it again at once; polling is the fallback (every
 * second while a round is on, as the server's answer is the truth the curve snaps to).
 */
export function useCrashLiveStateQuery(token: string) {
  return useQuery({
    queryKey: crashLiveKeys.state(token),
    queryFn: async () => ({ ...(await api.call(crashLiveState, { query: { token } })), receivedAt: Date.now() }),
    enabled: token.length > 0,
    refetchInterval: 1000,
    staleTime: 0,
  });
}

export function useCrashLiveHistoryQuery(token: string, crashedRoundId: string | undefined) {
  return useQuery({
    queryKey: [...crashLiveKeys.history(token), crashedRoundId ?? ''],
    queryFn: () => api.call(crashLiveHistory, { query: { token, limit: '20' } }),
    enabled: token.length > 0,
    staleTime: Infinity,
  });
}

export function useCrashLiveBetMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bet, autoCashout }: { bet: number; autoCashout: number | null }) =>
      api.call(crashLiveBetPlace, { body: { token, bet, auto_cashout: autoCashout }, idempotencyKey: randomId() }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: crashLiveKeys.state(token) }),
  });
}

export function useCrashLiveCashoutMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roundId: string) => api.call(crashLiveCashout, { body: { token, round_id: roundId }, idempotencyKey: randomId() }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: crashLiveKeys.state(token) }),
  });
}
