/**
 * The message a game client in the game-room iframe posts to its parent after every settled round, so the
 * room can refresh the header balance and the round history. The room checks both the origin (ours for the house
 * studio, the provider's for an external game such as Orca Games, decision 072) and that the sender is its own iframe.
 */
export const STUDIO_ROUND_MESSAGE = 'piranha:studio-round';

export interface StudioRoundMessage {
  type: typeof STUDIO_ROUND_MESSAGE;
  roundId: string;
  /** Balance after the round, minor units. */
  balanceMinor: number;
  currency: string;
}

export function isStudioRoundMessage(data: unknown): data is StudioRoundMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<StudioRoundMessage>;
  return (
    message.type === STUDIO_ROUND_MESSAGE &&
    typeof message.roundId === 'string' &&
    typeof message.balanceMinor === 'number' &&
    typeof message.currency === 'string'
  );
}
