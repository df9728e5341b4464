import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { accountProfiles, accountTickets, authThrottle, sessions, socialIdentities, users, verificationCodes, visitorDevices } from '../../db/schema/index.ts';

export type ProfileRow = typeof accountProfiles.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type CodeChannel = CodeRow['channel'];
export type CodePurposeRow = CodeRow['purpose'];

// Users and profiles

export async function userCreate(db: DbOrTx, appKey: string, visitor: boolean): Promise<number> {
  const [row] = await db.insert(users).values({ appKey, visitor }).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function userVisitorSet(db: DbOrTx, userId: number, visitor: boolean): Promise<void> {
  await db.update(users).set({ visitor }).where(eq(users.id, userId));
}

export async function userFind(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function profileInsert(db: DbOrTx, values: typeof accountProfiles.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(accountProfiles).values(values).onConflictDoNothing().returning({ userId: accountProfiles.userId });
  return inserted.length === 1;
}

export async function profileByUser(db: DbOrTx, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(accountProfiles).where(eq(accountProfiles.userId, userId));
  return row;
}

export async function profileByEmail(db: DbOrTx, appKey: string, email: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(accountProfiles)
    .where(and(eq(accountProfiles.appKey, appKey), eq(accountProfiles.email, email)));
  return row;
}

export async function profileUpdate(db: DbOrTx, userId: number, values: Partial<typeof accountProfiles.$inferInsert>): Promise<void> {
  await db.update(accountProfiles).set(values).where(eq(accountProfiles.userId, userId));
}

/** Sets the e-mail of a profile that has none; false when the brand already has an account with that e-mail. */
export async function profileEmailBind(db: DbOrTx, userId: number, values: Partial<typeof accountProfiles.$inferInsert>): Promise<boolean> {
  const updated = await db
    .update(accountProfiles)
    .set(values)
    .where(
      and(
        eq(accountProfiles.userId, userId),
        isNull(accountProfiles.email),
        sql`not exists (select 1 from account_profiles other where other.app_key = ${accountProfiles.appKey} and other.email = ${values.email ?? null})`,
      ),
    )
    .returning({ userId: accountProfiles.userId });
  return updated.length === 1;
}

export async function userHoldsMoney(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await rowsOf<{ holds: boolean }>(db, sql`select exists(select 1 from wallets where user_id = ${userId} and balance_minor > 0) as holds`);
  return row?.holds === true;
}

// Tourist devices

/**
 * The tourist of a device whose secret hashes to `secretHash`, with the stored hash. The lookup compares digests of
 * a 256-bit random secret, so its timing tells nothing about the secret; the caller confirms in constant time.
 */
export async function visitorDeviceFind(db: DbOrTx, appKey: string, smid: string, secretHash: string) {
  const [row] = await db
    .select({ userId: visitorDevices.userId, secretHash: visitorDevices.secretHash })
    .from(visitorDevices)
    .where(and(eq(visitorDevices.appKey, appKey), eq(visitorDevices.smid, smid), eq(visitorDevices.secretHash, secretHash)));
  return row;
}

export async function visitorDeviceInsert(db: DbOrTx, values: { appKey: string; smid: string; userId: number; secretHash: string }): Promise<void> {
  await db.insert(visitorDevices).values(values);
}

export async function visitorDevicesForget(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(visitorDevices).where(eq(visitorDevices.userId, userId));
}

// One-time codes

export async function codeInsert(db: DbOrTx, values: typeof verificationCodes.$inferInsert): Promise<number> {
  const [row] = await db.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
  if (!row) throw new Error('code insert returned nothing');
  return row.id;
}

export async function codeDelete(db: DbOrTx, codeId: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, codeId));
}

export async function codeLatest(db: DbOrTx, appKey: string, channel: CodeChannel, target: string, purpose: CodePurposeRow): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.appKey, appKey),
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.target, target),
        eq(verificationCodes.purpose, purpose),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

/**
 * Takes one of a code's guesses before it is compared; false when the code is used or has no guess left (burnt).
 * A conditional increment, so parallel guesses can never compare more than `attemptsMax` times.
 */
export async function codeAttemptReserve(db: DbOrTx, codeId: number, attemptsMax: number): Promise<boolean> {
  const taken = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, codeId), lt(verificationCodes.attempts, attemptsMax), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return taken.length === 1;
}

/** Gives back the guess of a code that matched: only wrong guesses use up its budget. */
export async function codeAttemptRelease(db: DbOrTx, codeId: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} - 1` })
    .where(and(eq(verificationCodes.id, codeId), gt(verificationCodes.attempts, 0)));
}

/** Uses a code up; false when a concurrent request already did. */
export async function codeConsume(db: DbOrTx, codeId: number, at: Date): Promise<boolean> {
  const updated = await db
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return updated.length === 1;
}

// Tickets

export async function ticketInsert(db: DbOrTx, values: typeof accountTickets.$inferInsert): Promise<void> {
  await db.insert(accountTickets).values(values);
}

export async function ticketFind(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(accountTickets).where(eq(accountTickets.tokenHash, tokenHash));
  return row;
}

export async function ticketUse(db: DbOrTx, tokenHash: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(accountTickets)
    .set({ usedAt: at })
    .where(and(eq(accountTickets.tokenHash, tokenHash), isNull(accountTickets.usedAt)))
    .returning({ tokenHash: accountTickets.tokenHash });
  return updated.length === 1;
}

// Social identities

export async function socialIdentityFind(db: DbOrTx, appKey: string, plat: string, unionId: string) {
  const [row] = await db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.appKey, appKey), eq(socialIdentities.plat, plat), eq(socialIdentities.unionId, unionId)));
  return row;
}

export async function socialIdentityInsert(db: DbOrTx, values: typeof socialIdentities.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(socialIdentities).values(values).onConflictDoNothing().returning({ id: socialIdentities.id });
  return inserted.length === 1;
}

export async function socialIdentitiesOfUser(db: DbOrTx, userId: number) {
  return db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId)).orderBy(socialIdentities.id);
}

// Throttle counters

/** Adds one hit to a bucket's window and returns the window's count. */
export async function throttleHit(db: DbOrTx, bucket: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(authThrottle)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [authThrottle.bucket, authThrottle.windowStart], set: { hits: sql`${authThrottle.hits} + 1` } })
    .returning({ hits: authThrottle.hits });
  return row?.hits ?? 1;
}

/**
 * Takes one slot of a bucket's window unless it already holds `limit`; false when it is full. One statement: the
 * conflicting row is locked and its newest version re-checked, so concurrent takers are counted one after another.
 */
export async function throttleReserve(db: DbOrTx, bucket: string, windowStart: Date, limit: number): Promise<boolean> {
  if (limit < 1) return false;
  const taken = await db
    .insert(authThrottle)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [authThrottle.bucket, authThrottle.windowStart],
      set: { hits: sql`${authThrottle.hits} + 1` },
      setWhere: sql`${authThrottle.hits} < ${limit}`,
    })
    .returning({ hits: authThrottle.hits });
  return taken.length === 1;
}

/** Gives one slot of a bucket's window back. */
export async function throttleRelease(db: DbOrTx, bucket: string, windowStart: Date): Promise<void> {
  await db
    .update(authThrottle)
    .set({ hits: sql`${authThrottle.hits} - 1` })
    .where(and(eq(authThrottle.bucket, bucket), eq(authThrottle.windowStart, windowStart), gt(authThrottle.hits, 0)));
}

export async function throttleClear(db: DbOrTx, bucket: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.bucket, bucket));
}

export async function throttlePurge(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(authThrottle).where(lt(authThrottle.windowStart, before));
}

// Sessions (the session module issues and authenticates; these are the account flows' extra moves)

export async function sessionBySidHash(db: DbOrTx, sidHash: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.sidHash, sidHash));
  return row;
}

export async function sessionById(db: DbOrTx, sessionId: number) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

export async function sessionInsertUntil(db: DbOrTx, userId: number, sidHash: string, createdAt: Date, expiresAt: Date): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, sidHash, createdAt, lastSeenAt: createdAt, activeAt: createdAt, expiresAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** Lets a replaced session live a little longer so requests already in flight with it still succeed. */
export async function sessionExpireBy(db: DbOrTx, sessionId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ expiresAt: sql`least(${sessions.expiresAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(sessions.id, sessionId));
}

/** Dates a session just issued by the session module with the app's clock (the table's defaults use the database's). */
export async function sessionStampIssued(db: DbOrTx, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ createdAt: at, activeAt: at, lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function sessionActiveSet(db: DbOrTx, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ activeAt: at, lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function sessionsLiveOfUser(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** Ends one session of a user; false when it is not theirs or already ended. */
export async function sessionRevokeOfUser(db: DbOrTx, userId: number, sessionId: number, at: Date): Promise<boolean> {
  const updated = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return updated.length === 1;
}

/** Ends every live session of a user except `keepSessionId`. */
export async function sessionsRevokeOfUser(db: DbOrTx, userId: number, at: Date, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)));
}
