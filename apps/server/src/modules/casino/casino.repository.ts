import { and, desc, eq, gt, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { casinoFairSeeds, casinoFreeRounds, casinoRounds, casinoSessions } from '../../db/schema/index.ts';

export type RoundRow = typeof casinoRounds.$inferSelect;
export type SeedRow = typeof casinoFairSeeds.$inferSelect;
export type FreeRoundRow = typeof casinoFreeRounds.$inferSelect;

export async function casinoSessionInsert(tx: DbOrTx, row: typeof casinoSessions.$inferInsert): Promise<void> {
  await tx.insert(casinoSessions).values(row);
}

/** Hands the game tokens of a player's session to the session that replaces it (renewal), so open games keep playing. */
export async function casinoSessionsMove(tx: DbOrTx, fromSessionId: number, toSessionId: number): Promise<void> {
  await tx.update(casinoSessions).set({ sessionId: toSessionId }).where(eq(casinoSessions.sessionId, fromSessionId));
}

/**
 * A game token's row with what every use of it checks, in one statement (a named one: the wallet reads it on every
 * call): the launching session as it is at `at` — live or not, its presence and the player's brand for the idle
 * rule — and whether the player's account is closed.
 */
export async function casinoSessionWithLaunch(tx: DbOrTx, tokenHash: string, at: Date) {
  const [row] = await rowsOf<{
    user_id: number | string;
    platform: string;
    game_id: string | null;
    currency: string;
    expires_at: Date | string;
    session_id: number | string | null;
    session_live: boolean;
    active_at: Date | string | null;
    app_key: string;
    user_closed: boolean;
  }>(
    tx,
    sql`select c.user_id, c.platform, c.game_id, c.currency, c.expires_at, c.session_id,
        (s.id is not null and s.revoked_at is null and s.expires_at > ${at.toISOString()}::timestamptz) as session_live, s.active_at, u.app_key,
        (p.closed_at is not null) as user_closed
      from casino_sessions c join users u on u.id = c.user_id left join sessions s on s.id = c.session_id
        left join account_profiles p on p.user_id = c.user_id
      where c.token_hash = ${tokenHash}`,
    'casino_session_with_launch',
  );
  if (!row) return undefined;
  return {
    userId: Number(row.user_id),
    platform: row.platform,
    gameId: row.game_id,
    currency: row.currency,
    expiresAt: new Date(row.expires_at),
    sessionId: row.session_id === null ? null : Number(row.session_id),
    sessionLive: row.session_live === true,
    activeAt: row.active_at === null ? null : new Date(row.active_at),
    appKey: row.app_key,
    userClosed: row.user_closed === true,
  };
}

export type TokenRow = NonNullable<Awaited<ReturnType<typeof casinoSessionWithLaunch>>>;

/**
 * Token reads by token hash, per database, bounded. A token's player, platform, game, currency and expiry never change,
 * so a read answers those for good; what may change — its launching session (live, last active, renewed into another)
 * and the account's closure — is taken from a read at most `maxAgeMs` old only where a later check stands behind it:
 * the statement that takes a stake checks again that the token's session is live (closing an account ends its
 * sessions in the same transaction), and a refusal made from a remembered read is made again from a fresh one
 * (decision 089). `remembered` tells which the answer is.
 */
const tokenReads = new WeakMap<Db, Map<string, { row: TokenRow; readAtMs: number }>>();
const TOKEN_READS_MAX = 10_000;

export async function casinoTokenRead(db: Db, tokenHash: string, at: Date, maxAgeMs: number): Promise<{ row: TokenRow | undefined; remembered: boolean }> {
  let reads = tokenReads.get(db);
  if (!reads) tokenReads.set(db, (reads = new Map()));
  const nowMs = at.getTime();
  const known = reads.get(tokenHash);
  if (known && nowMs >= known.readAtMs && nowMs - known.readAtMs < maxAgeMs) return { row: known.row, remembered: true };
  const row = await casinoSessionWithLaunch(db, tokenHash, at);
  reads.delete(tokenHash);
  if (row) {
    if (reads.size >= TOKEN_READS_MAX) reads.delete(reads.keys().next().value!);
    reads.set(tokenHash, { row, readAtMs: nowMs });
  }
  return { row, remembered: false };
}

export async function seedActiveForUpdate(tx: DbOrTx, userId: number): Promise<SeedRow | undefined> {
  const [row] = await tx
    .select()
    .from(casinoFairSeeds)
    .where(and(eq(casinoFairSeeds.userId, userId), eq(casinoFairSeeds.active, true)))
    .for('update');
  return row;
}

export async function seedActive(tx: DbOrTx, userId: number): Promise<SeedRow | undefined> {
  const [row] = await tx
    .select()
    .from(casinoFairSeeds)
    .where(and(eq(casinoFairSeeds.userId, userId), eq(casinoFairSeeds.active, true)));
  return row;
}

/** Inserts the active seed pair unless another request just did; answers the active pair either way. */
export async function seedInsert(tx: DbOrTx, row: typeof casinoFairSeeds.$inferInsert): Promise<void> {
  await tx.insert(casinoFairSeeds).values(row).onConflictDoNothing();
}

/**
 * Takes the next nonce of the player's active seed pair in one statement (the row lock serialises a player's
 * concurrent rounds); answers the pair as it was before, i.e. with the nonce this round uses.
 */
export async function seedNonceTake(tx: DbOrTx, userId: number): Promise<SeedRow | undefined> {
  const [row] = await tx
    .update(casinoFairSeeds)
    .set({ nonce: sql`${casinoFairSeeds.nonce} + 1` })
    .where(and(eq(casinoFairSeeds.userId, userId), eq(casinoFairSeeds.active, true)))
    .returning();
  return row && { ...row, nonce: row.nonce - 1 };
}

export async function seedClientSet(tx: DbOrTx, seedId: number, clientSeed: string): Promise<void> {
  await tx.update(casinoFairSeeds).set({ clientSeed }).where(eq(casinoFairSeeds.id, seedId));
}

export async function seedReveal(tx: DbOrTx, seedId: number, at: Date): Promise<void> {
  await tx.update(casinoFairSeeds).set({ active: false, revealedAt: at }).where(eq(casinoFairSeeds.id, seedId));
}

export async function seedsByIds(tx: DbOrTx, ids: number[]): Promise<Map<number, SeedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(casinoFairSeeds).where(inArray(casinoFairSeeds.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function roundInsert(tx: DbOrTx, row: typeof casinoRounds.$inferInsert): Promise<RoundRow> {
  const [inserted] = await tx.insert(casinoRounds).values(row).returning();
  return inserted!;
}

const ABORT_NONCE_MOVED = 'piranha_abort:NONCE_MOVED';

/**
 * Takes nonce `expected.nonce` of seed `expected.seedId` and writes the round with it, in one statement — only
 * while that seed is still active with exactly that nonce and client seed (what the caller computed the outcome
 * from). Answers `moved` when any of that changed (another round took the nonce, the seed was rotated or the
 * client seed set), and then nothing was written. With `claimSql` (the request's Idempotency-Key claimed in flight,
 * naming this round) the key commits with the round: when the key is not free nothing is written (`keyTaken`), and
 * a claim whose round could not be written is undone with it (piranha_abort, migration 0008).
 */
export async function roundInsertWithNonce(
  db: DbOrTx,
  expected: { seedId: number; nonce: number; clientSeed: string },
  row: Omit<RoundRow, 'id' | 'balanceBefore' | 'balanceAfter' | 'settledAt'>,
  claimSql?: SQL,
): Promise<{ row: RoundRow } | { moved: true } | { keyTaken: true }> {
  const claimed = claimSql ? sql`k as (${claimSql}), ` : sql``;
  let inserted: { id: string | number | null; claimed: number | string } | undefined;
  try {
    [inserted] = await rowsOf<{ id: string | number | null; claimed: number | string }>(
      db,
      sql`with ${claimed}taken as (
        update casino_fair_seeds set nonce = nonce + 1
        where id = ${expected.seedId} and active and nonce = ${expected.nonce} and client_seed = ${expected.clientSeed}
          ${claimSql ? sql`and exists (select 1 from k)` : sql``}
        returning id
      ), ins as (
        insert into casino_rounds (public_id, user_id, platform, game_id, currency, stake, win, status, params, outcome, secret,
          seed_id, nonce, client_seed, server_seed_hash, free_round_id, created_at, updated_at)
        select ${row.publicId}, ${row.userId}, ${row.platform}, ${row.gameId}, ${row.currency}, ${row.stake}, ${row.win}, ${row.status},
          ${JSON.stringify(row.params)}::jsonb, ${JSON.stringify(row.outcome)}::jsonb, ${row.secret === null ? null : JSON.stringify(row.secret)}::jsonb,
          taken.id, ${row.nonce}, ${row.clientSeed}, ${row.serverSeedHash}, ${row.freeRoundId}, ${row.createdAt.toISOString()}::timestamptz,
          ${row.updatedAt.toISOString()}::timestamptz
        from taken
        returning id
      )
      select (select id from ins) as id, ${claimSql ? sql`(select count(*) from k)::int` : sql`1`} as claimed
        ${claimSql ? sql`, case when exists (select 1 from k) and not exists (select 1 from ins) then piranha_abort('NONCE_MOVED') end as aborted` : sql``}`,
    );
  } catch (error) {
    if (error instanceof Error && error.message.includes(ABORT_NONCE_MOVED)) return { moved: true };
    throw error;
  }
  if (Number(inserted?.claimed ?? 0) === 0) return { keyTaken: true };
  if (inserted?.id == null) return { moved: true };
  return { row: { ...row, id: Number(inserted.id), balanceBefore: null, balanceAfter: null, settledAt: null } };
}

export async function roundUpdate(tx: DbOrTx, id: number, fields: Partial<typeof casinoRounds.$inferInsert>, at: Date): Promise<RoundRow> {
  const [row] = await tx
    .update(casinoRounds)
    .set({ ...fields, updatedAt: at })
    .where(eq(casinoRounds.id, id))
    .returning();
  return row!;
}

/**
 * Settles a round unless it already is; answers the updated row, or undefined when it was settled before. `round` is
 * the row as the caller last read or wrote it (nothing but a settle or a void writes a pending round): the answer is
 * it with the settle's fields, so the statement returns only the id — the whole row (its outcome, its secret) read
 * back and parsed on every round cost the house slots a fifth of their rate (decision 086's addendum).
 */
export async function roundSettleOnce(
  tx: DbOrTx,
  round: RoundRow,
  fields: { balanceBefore: number | null; balanceAfter: number; at: Date },
): Promise<RoundRow | undefined> {
  const [row] = await rowsOf<{ id: string | number }>(
    tx,
    sql`update casino_rounds set status = 'settled', balance_before = ${fields.balanceBefore}::bigint, balance_after = ${fields.balanceAfter}::bigint,
        settled_at = ${fields.at.toISOString()}::timestamptz, updated_at = ${fields.at.toISOString()}::timestamptz
      where id = ${round.id} and status <> 'settled' returning id`,
    'casino_round_settle',
  );
  if (!row) return undefined;
  return { ...round, status: 'settled', balanceBefore: fields.balanceBefore, balanceAfter: fields.balanceAfter, settledAt: fields.at, updatedAt: fields.at };
}

export async function roundByPublicId(tx: DbOrTx, userId: number, publicId: string, forUpdate = false): Promise<RoundRow | undefined> {
  const query = tx
    .select()
    .from(casinoRounds)
    .where(and(eq(casinoRounds.publicId, publicId), eq(casinoRounds.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function roundOpenOf(tx: DbOrTx, userId: number, gameId: string): Promise<RoundRow | undefined> {
  const [row] = await tx
    .select()
    .from(casinoRounds)
    .where(and(eq(casinoRounds.userId, userId), eq(casinoRounds.gameId, gameId), inArray(casinoRounds.status, ['open', 'pending'])))
    .orderBy(desc(casinoRounds.id))
    .limit(1);
  return row;
}

export async function roundsOfUser(
  tx: DbOrTx,
  userId: number,
  options: { gameId?: string | undefined; beforeId?: number | undefined; limit: number },
): Promise<RoundRow[]> {
  return tx
    .select()
    .from(casinoRounds)
    .where(
      and(
        eq(casinoRounds.userId, userId),
        options.gameId ? eq(casinoRounds.gameId, options.gameId) : undefined,
        options.beforeId ? lt(casinoRounds.id, options.beforeId) : undefined,
        inArray(casinoRounds.status, ['open', 'settled', 'refunded']),
      ),
    )
    .orderBy(desc(casinoRounds.id))
    .limit(options.limit);
}

/** Rounds whose money was not confirmed (pending) for longer than the grace period. */
export async function roundsPendingBefore(tx: DbOrTx, before: Date, userId?: number): Promise<RoundRow[]> {
  return tx
    .select()
    .from(casinoRounds)
    .where(and(eq(casinoRounds.status, 'pending'), lte(casinoRounds.updatedAt, before), userId === undefined ? undefined : eq(casinoRounds.userId, userId)))
    .orderBy(casinoRounds.id)
    .limit(500);
}

export async function freeRoundAvailable(tx: DbOrTx, userId: number, gameId: string, at: Date): Promise<FreeRoundRow | undefined> {
  const [row] = await tx
    .select()
    .from(casinoFreeRounds)
    .where(and(eq(casinoFreeRounds.userId, userId), eq(casinoFreeRounds.gameId, gameId), gt(casinoFreeRounds.remaining, 0), gt(casinoFreeRounds.expiresAt, at)))
    .orderBy(casinoFreeRounds.expiresAt)
    .limit(1);
  return row;
}

/** Takes one round of a grant; false when none is left (a concurrent round took the last). */
export async function freeRoundTake(tx: DbOrTx, grantId: number): Promise<boolean> {
  const rows = await tx
    .update(casinoFreeRounds)
    .set({ remaining: sql`${casinoFreeRounds.remaining} - 1` })
    // A bonus-paying grant whose winnings became a bonus is closed: no round may be taken after (decision 043).
    .where(and(eq(casinoFreeRounds.id, grantId), gt(casinoFreeRounds.remaining, 0), isNull(casinoFreeRounds.winSettledAt)))
    .returning({ id: casinoFreeRounds.id });
  return rows.length === 1;
}

export async function freeRoundGiveBack(tx: DbOrTx, grantId: number): Promise<void> {
  await tx
    .update(casinoFreeRounds)
    .set({ remaining: sql`${casinoFreeRounds.remaining} + 1` })
    .where(eq(casinoFreeRounds.id, grantId));
}

export async function freeRoundWinAdd(tx: DbOrTx, grantId: number, win: number): Promise<void> {
  await tx
    .update(casinoFreeRounds)
    .set({ winTotal: sql`${casinoFreeRounds.winTotal} + ${win}` })
    .where(eq(casinoFreeRounds.id, grantId));
}

export async function freeRoundInsert(tx: DbOrTx, row: typeof casinoFreeRounds.$inferInsert): Promise<FreeRoundRow & { created: boolean }> {
  const [inserted] = await tx.insert(casinoFreeRounds).values(row).onConflictDoNothing().returning();
  if (inserted) return { ...inserted, created: true };
  const [existing] = await tx.select().from(casinoFreeRounds).where(eq(casinoFreeRounds.grantRef, row.grantRef));
  return { ...existing!, created: false };
}

export async function freeRoundsOfUser(tx: DbOrTx, userId: number): Promise<FreeRoundRow[]> {
  return tx.select().from(casinoFreeRounds).where(eq(casinoFreeRounds.userId, userId)).orderBy(desc(casinoFreeRounds.id));
}
