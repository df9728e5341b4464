import { HEADER_SESSION_SID, HEADER_SESSION_UID } from '@piranha/contract';
import type { StoredLogin } from './session-store.ts';

/**
 * How the session travels (docs/decisions/019): never in the URL. When the server answered a sid (plain HTTP: it
 * could set no Secure cookie), the client sends uid and sid as headers. Over HTTPS the server answers an empty sid
 * and the `__Host-` cookies it set are the session, so nothing is sent by script at all.
 */
export function sessionHeadersOf(login: StoredLogin | undefined): Record<string, string> {
  if (!login?.sid) return {};
  return { [HEADER_SESSION_UID]: String(login.uid), [HEADER_SESSION_SID]: login.sid };
}
