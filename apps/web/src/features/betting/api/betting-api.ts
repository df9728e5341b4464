import {
  betLatestInfo,
  betList,
  betFree,
  betMultiple,
  betSinglePass,
  freeActivityInfo,
  cashOutAuto,
  cashOutBet,
  cashOutPrice,
  stakeOrderStatus,
  type BetRange,
  type EndpointBody,
  type ApiError,
  type PlacedBet,
} from '@piranha/contract';
import { TIMERS, type BetSlipQuote, type BetSlipSelection } from '@piranha/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { randomId } from '../../../shared/random-id.ts';
import { oddsThousandthsOf } from '../../../shared/odds/odds.ts';
import type { PlaceRequest } from '../placement-key.ts';
import { betInfoNewest } from '../slip-quote.ts';
import { track } from '../../../shared/tracking/track.ts';
import { telegramHaptic } from '../../../shared/telegram/telegram-webapp.ts';

export const bettingKeys = {
  all: ['betting'] as const,
  latest: (ids: string) => ['betting', 'latest', ids] as const,
  status: (ids: string) => ['betting', 'status', ids] as const,
  list: (settled: boolean, range: BetRange, uid: number) => ['betting', 'list', settled ? 1 : 0, range, uid] as const,
  cashOut: (ids: string) => ['betting', 'cash-out', ids] as const,
  free: (uid: number) => ['betting', 'free', uid] as const,
};

/** The player's free-bet balance (free bets granted through `freeBetGrant`): the slip offers its toggle while any is left. */
export function useFreeBetInfoQuery(uid: number) {
  return useQuery({ queryKey: bettingKeys.free(uid), queryFn: () => api.call(freeActivityInfo), enabled: uid > 0, staleTime: 0 });
}

/** The balance query of the wallet feature, named here by its key so a placement can refresh the header. */
const BALANCE_KEY = ['wallet', 'balance'] as const;

/** Latest bet info for the slip (spec §4), every 2 s while the slip is open; answers in the slip's own terms. */
export function useLatestBetInfoQuery(selections: readonly BetSlipSelection[], open: boolean, signedIn: boolean) {
  const client = useQueryClient();
  const ids = selections.map((selection) => `${selection.matchId}:${selection.marketId}:${selection.optionType}`).join(',');
  const queryKey = bettingKeys.latest(`${ids}|${signedIn ? 1 : 0}`);
  return useQuery({
    queryKey,
    enabled: open && selections.length > 0,
    refetchInterval: TIMERS.latestOddsPollMs,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const data = await api.call(betLatestInfo, {
        signal,
        body: {
          betMatchMarketList: selections.map((selection) => ({ type: selection.optionType, matchId: selection.matchId, marketId: selection.marketId })),
          isSelectSeries: selections.length >= 2,
        },
      });
      const quotes: BetSlipQuote[] = data.bms.map((entry) => ({
        matchId: entry.matchId,
        marketId: entry.mid,
        optionType: entry.op.ty,
        previousMarketId: entry.omid ?? null,
        oddsThousandths: oddsThousandthsOf(entry.op.od),
        marketOpen: entry.ss === 1,
        line: entry.op.li ?? null,
        multipleAllowed: entry.au === 1,
      }));
      // Behind a load balancer the polls alternate server nodes whose feed views may be a tick apart: an answer
      // older than the one shown is dropped, so live odds never step back and ask the player to accept them again.
      return betInfoNewest(client.getQueryData<typeof data & { quotes: BetSlipQuote[] }>(queryKey), { ...data, quotes });
    },
  });
}

/**
 * Singles or a multiple/system under the Idempotency-Key the slip chose (placement-key.ts): the same key for a tap
 * that repeats a placement left without an answer, so neither the client's retries nor the player's place twice.
 */
export function usePlaceMutation() {
  const client = useQueryClient();
  return useMutation<PlacedBet[], ApiError, { request: PlaceRequest; key: string }>({
    mutationFn: ({ request, key }) =>
      request.kind === 'singles'
        ? api.call(betSinglePass, { body: request.body, idempotencyKey: key })
        : request.kind === 'free'
          ? api.call(betFree, { body: request.body, idempotencyKey: key }).then((bet) => [bet])
          : api.call(betMultiple, { body: request.body, idempotencyKey: key }),
    onSuccess: (placed, { request }) => {
      track('bet_placed', { kind: request.kind, count: placed.length });
      telegramHaptic('success');
      void client.invalidateQueries({ queryKey: BALANCE_KEY });
      void client.invalidateQueries({ queryKey: bettingKeys.all });
    },
  });
}

/** Polls confirming orders (in-play delay) until each is confirmed or rejected. */
export function useOrderStatusQuery(orderIds: readonly string[]) {
  const client = useQueryClient();
  return useQuery({
    queryKey: bettingKeys.status(orderIds.join(',')),
    enabled: orderIds.length > 0,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((order) => order.st === 0 || order.st === 1) === false ? false : TIMERS.latestOddsPollMs),
    queryFn: async () => {
      const orders = await api.call(stakeOrderStatus, { body: { orderIds: [...orderIds] } });
      // A rejected in-play bet was refunded: the header balance shows it at once.
      if (orders.some((order) => order.st === 2)) void client.invalidateQueries({ queryKey: BALANCE_KEY });
      return orders;
    },
  });
}

export function useBetListQuery(uid: number, settled: boolean, range: BetRange) {
  return useQuery({
    queryKey: bettingKeys.list(settled, range, uid),
    enabled: uid > 0,
    staleTime: 0,
    queryFn: () => api.call(betList, { body: { isSettled: settled, range, size: 50 } }),
  });
}

/** Live cash-out values of the open bets on screen, with the 2 s rhythm of the odds they follow. */
export function useCashOutPriceQuery(orderIds: readonly string[]) {
  return useQuery({
    queryKey: bettingKeys.cashOut(orderIds.join(',')),
    enabled: orderIds.length > 0,
    refetchInterval: TIMERS.latestOddsPollMs,
    staleTime: 0,
    queryFn: () => api.call(cashOutPrice, { body: { orderIds: [...orderIds].slice(0, 50) } }),
  });
}

export function useCashOutMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof cashOutBet>) => api.call(cashOutBet, { body, idempotencyKey: randomId() }),
    onSuccess: (paid) => track('cash_out', { full: paid.stake === 0 }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: BALANCE_KEY });
      void client.invalidateQueries({ queryKey: bettingKeys.all });
    },
  });
}

/** Sets (or with 0 removes) the auto cash-out target of an open bet; the server executes it while the player is away. */
export function useCashOutAutoMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof cashOutAuto>) => api.call(cashOutAuto, { body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: BALANCE_KEY });
      void client.invalidateQueries({ queryKey: bettingKeys.all });
    },
  });
}
