import { pddVisit } from '@piranha/contract';
import { api } from '../api/api.ts';
import { smidEnsure } from '../session/session-store.ts';

/**
 * The landing of an invite link tells the inviter's envelope a device came (decision 063). The server decides whether
 * it counts (once per device, never the inviter's own); a refusal or a failed call changes nothing for this visitor.
 */
export async function pddVisitSend(code: string): Promise<void> {
  try {
    await smidEnsure();
    await api.call(pddVisit, { body: { code } });
  } catch {
    // Nothing to show: the visitor came to play, the count is the inviter's.
  }
}
