import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fairSeedHash, fairSeedRandom, loyaltyCampaignId, nickMasked, vipWheelSpin } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import { loyaltySettingsOf, wheelOfVersion } from './loyalty-config.service.ts';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { profileOf, rewardPay, type LoyaltyDeps } from './loyalty.service.ts';
import {
  wheelSeedActive,
  wheelSeedInsert,
  wheelSeedNonceNext,
  wheelSeedReveal,
  wheelSpinBonusSet,
  wheelSpinInsert,
  wheelSpinsOf,
  wheelSpinTotals,
  wheelTicketNext,
  wheelTicketSpend,
  wheelTicketsLeft,
  wheelWinsOf,
  type WheelSeedRow,
  type WheelSpinRow,
} from './loyalty-wheel.repository.ts';

/**
 * The VIP wheel (vip-roulette, issue 18, decision 026). Tickets come from the loyalty pass (one per level reached).
 * A spin is provably fair like the casino's house games (same maths: packages/domain/src/casino/fair.ts through
 * vip-wheel.ts): the server seed's hash is shown before the spin, the player may set the client seed, the nonce counts
 * spins. One transaction locks the player's active seed row (concurrent taps queue on it), spends the lowest unspent
 * ticket, records the spin under its (seed, nonce) and (player, ticket) unique keys, and pays the prize through the
 * bonus engine with trigger `vip_spin:<level>` — so a ticket pays at most once, whatever arrives together.
 */

const SPINS_SHOWN = 50;
const MARQUEE_SIZE = 20;
const seconds = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);

async function seedLocked(tx: Tx, userId: number, now: Date): Promise<WheelSeedRow> {
  const found = await wheelSeedActive(tx, userId, true);
  if (found) return found;
  const serverSeed = fairSeedRandom();
  await wheelSeedInsert(tx, { userId, serverSeed, serverSeedHash: fairSeedHash(serverSeed), clientSeed: randomBytes(8).toString('hex') }, now);
  return (await wheelSeedActive(tx, userId, true))!;
}

const fairView = (seed: WheelSeedRow) => ({ server_seed_hash: seed.server_seed_hash, client_seed: seed.client_seed, nonce: seed.nonce });

function spinView(row: WheelSpinRow) {
  const revealed = !row.active;
  return {
    spin_id: row.id,
    ticket_level: row.ticket_level,
    segment: row.segment,
    amount: Number(row.amount_minor),
    currency: row.currency,
    server_seed_hash: row.server_seed_hash,
    server_seed: revealed ? row.server_seed : '',
    client_seed: row.client_seed,
    nonce: row.nonce,
    revealed: revealed ? (1 as const) : (0 as const),
    created_at: seconds(row.created_at),
    wheel_version: row.wheel_version,
  };
}

/** `vip/spin/balance`: tickets left, the brand's wheel and the committed seed. */
export async function wheelBalanceGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const seed = await transaction(deps.db, (tx) => seedLocked(tx, user.uid, deps.now()));
  return {
    balance: await wheelTicketsLeft(deps.db, user.uid),
    currency: profile.currency,
    segments: (await loyaltySettingsOf(deps.db, profile)).wheel.map((segment) => ({ amount: segment.amountMinor, weight: segment.weight })),
    fair: fairView(seed),
  };
}

/** `vip/spin`: one ticket, one spin, one payment — in one transaction. */
export async function wheelSpinPost(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string, clientSeed: string | undefined) {
  const profile = profileOf(user, requestAppKey);
  const now = deps.now();
  return transaction(deps.db, async (tx) => {
    // The wheel in force, read inside the spin's transaction; the spin records its version (decision 045).
    const settings = await loyaltySettingsOf(tx, profile);
    const segments = settings.wheel;
    const seed = await seedLocked(tx, user.uid, now);
    const level = await wheelTicketNext(tx, user.uid);
    if (level === undefined) throw new AppError('VIP_SPIN_NO_TICKET');
    const used = { ...seed, client_seed: clientSeed ?? seed.client_seed };
    if (clientSeed !== undefined && clientSeed !== seed.client_seed)
      await tx.execute(sql`update loyalty_wheel_seeds set client_seed = ${clientSeed} where id = ${seed.id}::bigint`);
    const drawn = vipWheelSpin(used.server_seed, used.client_seed, used.nonce, segments);
    const amountMinor = segments[drawn.segment]!.amountMinor;
    const spinId = await wheelSpinInsert(
      tx,
      {
        userId: user.uid,
        appKey: profile.appKey,
        ticketLevel: level,
        seedId: seed.id,
        nonce: used.nonce,
        segment: drawn.segment,
        amountMinor,
        currency: profile.currency,
        wheelVersion: settings.wheelVersion,
      },
      now,
    );
    if (!(await wheelTicketSpend(tx, user.uid, level, spinId))) throw new AppError('VIP_SPIN_NO_TICKET');
    await wheelSeedNonceNext(tx, seed.id);
    if (amountMinor > 0) {
      const bonus = await rewardPay(tx, profile, loyaltyCampaignId(profile.appKey, 'vip_spin'), user.uid, `vip_spin:${level}`, amountMinor, now);
      if (!bonus) throw new AppError('VIP_SPIN_NO_TICKET');
      await wheelSpinBonusSet(tx, spinId, bonus.id);
    }
    return {
      spin: spinView({
        id: String(spinId),
        user_id: String(user.uid),
        ticket_level: level,
        nonce: used.nonce,
        segment: drawn.segment,
        amount_minor: String(amountMinor),
        currency: profile.currency,
        created_at: now,
        server_seed: used.server_seed,
        server_seed_hash: used.server_seed_hash,
        client_seed: used.client_seed,
        active: true,
        nick: null,
        wheel_version: settings.wheelVersion,
      }),
      balance: await wheelTicketsLeft(tx, user.uid),
      fair: fairView({ ...used, nonce: used.nonce + 1 }),
    };
  });
}

/** `vip/spin/seed/rotate`: reveals the seed in use and commits to a new one (nonce 0). */
export async function wheelSeedRotatePost(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string, clientSeed: string | undefined) {
  profileOf(user, requestAppKey);
  const now = deps.now();
  return transaction(deps.db, async (tx) => {
    const seed = await seedLocked(tx, user.uid, now);
    await wheelSeedReveal(tx, seed.id, now);
    const serverSeed = fairSeedRandom();
    const next = { userId: user.uid, serverSeed, serverSeedHash: fairSeedHash(serverSeed), clientSeed: clientSeed ?? seed.client_seed };
    await wheelSeedInsert(tx, next, now);
    return {
      previous: { server_seed: seed.server_seed, server_seed_hash: seed.server_seed_hash, client_seed: seed.client_seed, nonce: seed.nonce },
      current: { server_seed_hash: next.serverSeedHash, client_seed: next.clientSeed, nonce: 0 },
    };
  });
}

/** `vip/spin/draw_list`: the player's spins, newest first, a page at a time, with the seed once revealed. */
export async function wheelDrawListGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string, page = 1, pageSize = SPINS_SHOWN) {
  const profile = profileOf(user, requestAppKey);
  // One row more than the page tells whether another follows.
  const rows = await wheelSpinsOf(deps.db, user.uid, pageSize + 1, (page - 1) * pageSize);
  const totals = await wheelSpinTotals(deps.db, user.uid, profile.currency);
  return {
    total: totals.total,
    won: totals.won,
    currency: profile.currency,
    has_more: rows.length > pageSize ? (1 as const) : (0 as const),
    list: rows.slice(0, pageSize).map(spinView),
    wheels: await Promise.all(
      [...new Set(rows.slice(0, pageSize).map((row) => row.wheel_version))].map(async (version) => ({
        wheel_version: version,
        segments: (await wheelOfVersion(deps.db, profile, version)).map((segment) => ({ amount: segment.amountMinor, weight: segment.weight })),
      })),
    ),
  };
}

/** `vip/spin/marquee_list`: the brand's latest wins with masked nicks. */
export async function wheelMarqueeGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  return {
    list: (await wheelWinsOf(deps.db, profile.appKey, MARQUEE_SIZE)).map((row) => ({
      nick: nickMasked(row.nick ?? row.user_id),
      amount: Number(row.amount_minor),
      currency: row.currency,
      created_at: seconds(row.created_at),
    })),
  };
}
