import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fbUsers, tabPromptClicks, tabPrompts } from '../../db/schema/index.ts';

/** The only SQL of tab prompts and the sports-book user record. */

export type TabPromptRow = typeof tabPrompts.$inferSelect;

/** Operator prompts of a brand that are live now and that this viewer has not cleared (every live one without a viewer). */
export async function tabPromptsLive(db: DbOrTx, appKey: string, viewer: string | undefined, now: Date): Promise<TabPromptRow[]> {
  const live = and(eq(tabPrompts.appKey, appKey), lte(tabPrompts.startsAt, now), or(isNull(tabPrompts.endsAt), gt(tabPrompts.endsAt, now)));
  const notCleared =
    viewer === undefined
      ? undefined
      : sql`not exists (select 1 from ${tabPromptClicks} c where c.viewer = ${viewer} and c.prompt_key = 'op:' || ${tabPrompts.id})`;
  return db
    .select()
    .from(tabPrompts)
    .where(notCleared ? and(live, notCleared) : live)
    .orderBy(asc(tabPrompts.startsAt), asc(tabPrompts.id));
}

export async function tabPromptInsert(db: DbOrTx, values: typeof tabPrompts.$inferInsert): Promise<number> {
  const [row] = await db.insert(tabPrompts).values(values).returning({ id: tabPrompts.id });
  if (!row) throw new Error('tab prompt insert returned nothing');
  return row.id;
}

export async function tabPromptClicked(db: DbOrTx, viewer: string, promptKey: string): Promise<boolean> {
  const [row] = await db
    .select({ key: tabPromptClicks.promptKey })
    .from(tabPromptClicks)
    .where(and(eq(tabPromptClicks.viewer, viewer), eq(tabPromptClicks.promptKey, promptKey)));
  return row !== undefined;
}

/** Records the clicks; a repeated click changes nothing. Answers how many were new. */
export async function tabPromptClicksInsert(db: DbOrTx, viewer: string, promptKeys: string[], at: Date): Promise<number> {
  if (promptKeys.length === 0) return 0;
  const inserted = await db
    .insert(tabPromptClicks)
    .values(promptKeys.map((promptKey) => ({ viewer, promptKey, clickedAt: at })))
    .onConflictDoNothing()
    .returning({ key: tabPromptClicks.promptKey });
  return inserted.length;
}

export async function fbUserFind(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(fbUsers).where(eq(fbUsers.userId, userId));
  return row;
}

/** Creates the record once; false when it already existed (a twin request, or a second call). */
export async function fbUserInsert(db: DbOrTx, values: typeof fbUsers.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(fbUsers).values(values).onConflictDoNothing().returning({ userId: fbUsers.userId });
  return inserted.length === 1;
}
