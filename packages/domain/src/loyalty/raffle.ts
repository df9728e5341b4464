import { fairFloats, fairSeedHash } from '../casino/fair.ts';
import type { VariantProfile } from '../variants/profile.ts';
import { vipConfigOf } from './vip.ts';

/**
 * Raffles (spec §2 /raffle, issue 18, decision 034). Each brand holds one raffle a week (its Monday-to-Sunday week in
 * the brand's time zone). Tickets come from the same facts as VIP points — settled turnover and deposits, weighted
 * per brand — one per `RAFFLE_POINTS_PER_TICKET` whole points earned in the week. The server commits to
 * SHA-256(serverSeed) when the week opens and shows it; at the draw (the week's end plus a grace) the entries are
 * frozen in a published order (player id ascending) and the winners drawn from the floats of
 * HMAC-SHA256(serverSeed, `raffle:<brand>:<week>:0:…`) — the casino's `fairFloats` — without replacement: each float
 * picks the ticket ⌊float × tickets left⌋ among the players not yet drawn. The seed is revealed with the result, so
 * anyone holding the entries recomputes the winners. Pure.
 */

export const RAFFLE_POINTS_PER_TICKET = 10;
/** Facts of the week's last seconds are counted by the loyalty pass within this; the draw waits for them. */
export const RAFFLE_DRAW_GRACE_MS = 10 * 60_000;
/** Prizes of places 1, 2, 3 in currency steps (R$1, MX$8.33, ₹8.33). */
const PRIZE_STEPS: readonly number[] = [100, 50, 25];

export function rafflePrizesMinor(profile: Pick<VariantProfile, 'currency' | 'market'>): number[] {
  const step = vipConfigOf(profile).minorPerPoint;
  return PRIZE_STEPS.map((steps) => steps * step);
}

/** Tickets of a player from the point minor units earned in the raffle's week. */
export function raffleTicketsOf(pointsMinor: number, minorPerPoint: number): number {
  if (!Number.isSafeInteger(pointsMinor) || pointsMinor <= 0) return 0;
  return Math.floor(Math.floor(pointsMinor / minorPerPoint) / RAFFLE_POINTS_PER_TICKET);
}

/** The client seed of a brand's raffle: fixed by the brand and the week, so the server cannot pick it after the fact. */
export function raffleClientSeed(appKey: string, periodKey: string): string {
  return `raffle:${appKey}:${periodKey}`;
}

/**
 * The winners of a draw: positions in `tickets` (the entries in their published order), first place first. At most
 * `winners`, fewer when fewer players hold tickets; a player wins at most once.
 */
export function raffleDraw(serverSeed: string, clientSeed: string, tickets: readonly number[], winners: number): number[] {
  const holders = tickets.filter((count) => count > 0).length;
  const places = Math.min(winners, holders);
  if (places <= 0) return [];
  const floats = fairFloats(serverSeed, clientSeed, 0, places);
  const taken = new Set<number>();
  let left = tickets.reduce((sum, count) => sum + Math.max(0, count), 0);
  const picked: number[] = [];
  for (const float of floats) {
    const target = Math.floor(float * left);
    let passed = 0;
    let pick = -1;
    for (let position = 0; position < tickets.length; position += 1) {
      if (taken.has(position) || tickets[position]! <= 0) continue;
      passed += tickets[position]!;
      if (target < passed) {
        pick = position;
        break;
      }
    }
    // Float × left is below left, so a pick always exists; the guard keeps a corrupt input from looping.
    if (pick < 0) break;
    taken.add(pick);
    picked.push(pick);
    left -= tickets[pick]!;
  }
  return picked;
}

/** Checks a published draw: the revealed seed matches the commitment, and the entries give these winners. */
export function raffleVerify(
  draw: { serverSeed: string; serverSeedHash: string; clientSeed: string; tickets: readonly number[]; winners: readonly number[] },
  places = PRIZE_STEPS.length,
): boolean {
  if (fairSeedHash(draw.serverSeed) !== draw.serverSeedHash.toLowerCase()) return false;
  const again = raffleDraw(draw.serverSeed, draw.clientSeed, draw.tickets, places);
  return again.length === draw.winners.length && again.every((position, index) => position === draw.winners[index]);
}

export const RAFFLE_PLACES = PRIZE_STEPS.length;
