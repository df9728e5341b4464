import { TIMERS } from '@piranha/domain';
import { randomId } from '../random-id.ts';
import { create } from 'zustand';
import { shellKind } from '../shell.ts';
import { STORAGE_KEYS, storageGet, storageRemove, storageSet } from '../storage.ts';
import { smidFromNativeShell, smidIsValid, smidResolve } from './smid.ts';

/** Login info kept on the device (spec §3): who is signed in and with which session. */
export interface StoredLogin {
  uid: number;
  sid: string;
  visitor: boolean;
}

interface SessionState {
  login: StoredLogin | undefined;
  /** Set when the server answered 604; the login page reads it to explain why. */
  expired: boolean;
  /** The device id; empty until `smidEnsure` has settled it (at once in a browser, up to 7 s in a native shell). */
  smid: string;
  loginSet: (login: StoredLogin) => void;
  /**
   * Spec §4 error 604 to a call made under `callLogin`: clear the stored user and mark the session expired — unless the
   * login has been replaced since the call started (linking Google or an e-mail revokes the tourist's old session while
   * the page's polls are still in flight): the 604 is about the old session, the new login stands. Returns whether it
   * expired.
   */
  expire: (callLogin: StoredLogin | undefined) => boolean;
  logout: () => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  login: storageGet<StoredLogin>(STORAGE_KEYS.session),
  expired: false,
  smid: smidStored() ?? '',
  loginSet: (login) => {
    storageSet(STORAGE_KEYS.session, login);
    set({ login, expired: false });
  },
  expire: (callLogin) => {
    if (callLogin !== useSessionStore.getState().login) return false;
    storageRemove(STORAGE_KEYS.session);
    set({ login: undefined, expired: true });
    return true;
  },
  logout: () => {
    storageRemove(STORAGE_KEYS.session);
    set({ login: undefined, expired: false });
  },
}));

function smidStored(): string | undefined {
  const stored = storageGet<string>(STORAGE_KEYS.smid);
  return smidIsValid(stored) ? stored : undefined;
}

let smidSettling: Promise<string> | undefined;

/** Settles the device id once per app start (boot calls it; guest login awaits it) and keeps it. */
export function smidEnsure(): Promise<string> {
  smidSettling ??= smidResolve({
    stored: smidStored(),
    fromShell: shellKind() === 'native' ? smidFromNativeShell : undefined,
    fallbackMs: TIMERS.smidFallbackMs,
    generate: randomId,
  }).then((smid) => {
    storageSet(STORAGE_KEYS.smid, smid);
    useSessionStore.setState({ smid });
    return smid;
  });
  return smidSettling;
}

/** Spec's getUserAtom: the (uid, sid) pair of the signed-in player, or undefined when nobody is signed in. */
export function getUserAtom(): { uid: number; sid: string } | undefined {
  const login = useSessionStore.getState().login;
  return login ? { uid: login.uid, sid: login.sid } : undefined;
}
