import type { RealtimeBus, SessionsSignal } from '../../realtime/realtime-bus.ts';

/**
 * The one helper every change to a player's sessions calls after its commit (decision 041): every node's session cache
 * drops the player, and every node closes the player's sockets — of `sessionId` only, or all but `keepSessionId`'s, or
 * all. Resolves once the bus has it (Redis acknowledged); never throws.
 */
export async function sessionsChanged(bus: Pick<RealtimeBus, 'signal'>, change: Omit<SessionsSignal, 'kind'>): Promise<void> {
  await bus.signal({ kind: 'sessions_changed', ...change });
}
