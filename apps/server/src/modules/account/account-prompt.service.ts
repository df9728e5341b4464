import type { TabKey } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { profileByUser, userFind } from './account.repository.ts';
import { tabPromptClicked, tabPromptClicksInsert, tabPromptInsert, tabPromptsLive } from './account-prompt.repository.ts';

/**
 * Spec §7 tab prompts: red dots on the footer tabs. Two sources: prompts an operator posts for a brand (news on a
 * tab), and the account's own prompt on the "me" tab while a tourist has not saved the account with an e-mail.
 * Opening a tab (red_point_click) clears every prompt of that tab for the viewer, for good.
 */

export interface PromptViewer {
  appKey: string;
  /** The signed-in player, if any. */
  uid: number | undefined;
  /** The device, for a signed-out visitor; clicks of a device without one cannot be remembered. */
  smid: string | undefined;
  locale: string;
}

export interface TabPrompt {
  tab_key: TabKey;
  prompt_id: string;
  kind: 'operator' | 'save_email';
  text: string;
}

const SAVE_EMAIL_KEY = 'save_email';

function viewerKey(viewer: PromptViewer): string | undefined {
  if (viewer.uid !== undefined) return `u:${viewer.uid}`;
  return viewer.smid ? `d:${viewer.smid}` : undefined;
}

/** A signed-in tourist without an e-mail who has not yet opened the "me" tab since. */
async function saveEmailDue(db: DbOrTx, viewer: PromptViewer, key: string | undefined): Promise<boolean> {
  if (viewer.uid === undefined || key === undefined) return false;
  const user = await userFind(db, viewer.uid);
  if (!user?.visitor) return false;
  const profile = await profileByUser(db, viewer.uid);
  if (profile?.email || profile?.closedAt) return false;
  return !(await tabPromptClicked(db, key, SAVE_EMAIL_KEY));
}

export async function tabPromptsOf(db: DbOrTx, viewer: PromptViewer, now: Date): Promise<TabPrompt[]> {
  const key = viewerKey(viewer);
  const rows = await tabPromptsLive(db, viewer.appKey, key, now);
  const prompts: TabPrompt[] = rows.map((row) => ({
    tab_key: row.tabKey as TabKey,
    prompt_id: `op:${row.id}`,
    kind: 'operator',
    text: row.texts[viewer.locale] ?? row.texts['en-US'] ?? '',
  }));
  // The client says this one in the player's language itself: it knows the words for "save your account".
  if (await saveEmailDue(db, viewer, key)) prompts.push({ tab_key: 'me', prompt_id: SAVE_EMAIL_KEY, kind: 'save_email', text: '' });
  return prompts;
}

/** Spec tab_prompt (v1): just the tabs that carry a dot, each once, in footer order. */
export function redPointsOf(prompts: TabPrompt[], order: readonly TabKey[]): TabKey[] {
  const dotted = new Set(prompts.map((prompt) => prompt.tab_key));
  return order.filter((tab) => dotted.has(tab));
}

/** The viewer opened a tab: every prompt on it is cleared. */
export async function redPointClear(db: DbOrTx, viewer: PromptViewer, tabKey: TabKey, now: Date): Promise<{ cleared: number }> {
  const key = viewerKey(viewer);
  if (key === undefined) return { cleared: 0 };
  const onTab = (await tabPromptsOf(db, viewer, now)).filter((prompt) => prompt.tab_key === tabKey);
  return {
    cleared: await tabPromptClicksInsert(
      db,
      key,
      onTab.map((prompt) => prompt.prompt_id),
      now,
    ),
  };
}

/** An operator posts a prompt (behind OPS_TOKEN). */
export async function tabPromptPost(
  db: DbOrTx,
  input: { appKey: string; tabKey: TabKey; texts: Record<string, string>; startsAt: Date; endsAt: Date | undefined },
  now: Date,
): Promise<{ prompt_id: string }> {
  if (input.endsAt && input.endsAt.getTime() <= input.startsAt.getTime()) throw new AppError('VALIDATION_FAILED', { field: 'ends_at' });
  const id = await tabPromptInsert(db, { ...input, endsAt: input.endsAt ?? null, createdAt: now });
  return { prompt_id: `op:${id}` };
}
