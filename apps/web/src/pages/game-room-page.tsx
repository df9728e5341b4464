import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { GameRoom } from '../features/casino/game-room.tsx';
import { walletKeys } from '../features/wallet/api/balance.ts';
import { useSessionStore } from '../shared/session/session-store.ts';

/** /game-room: the game in its frame; each finished round refreshes the header balance at once. */
export default function GameRoomPage() {
  const queryClient = useQueryClient();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const onRound = useCallback(() => void queryClient.invalidateQueries({ queryKey: walletKeys.balance(uid) }), [queryClient, uid]);
  return <GameRoom onRound={onRound} />;
}
