import { randomId } from '../random-id.ts';
import { create } from 'zustand';
import { STORAGE_KEYS, storageGet, storageRemove, storageSet } from '../storage.ts';

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
  smid: string;
  loginSet: (login: StoredLogin) => void;
  /** Spec §4 error 604: clear the stored user and mark the session expired. */
  expire: () => void;
  logout: () => void;
}

function smidEnsure(): string {
  const stored = storageGet<string>(STORAGE_KEYS.smid);
  if (stored) return stored;
  const smid = randomId();
  storageSet(STORAGE_KEYS.smid, smid);
  return smid;
}

export const useSessionStore = create<SessionState>((set) => ({
  login: storageGet<StoredLogin>(STORAGE_KEYS.session),
  expired: false,
  smid: smidEnsure(),
  loginSet: (login) => {
    storageSet(STORAGE_KEYS.session, login);
    set({ login, expired: false });
  },
  expire: () => {
    storageRemove(STORAGE_KEYS.session);
    set({ login: undefined, expired: true });
  },
  logout: () => {
    storageRemove(STORAGE_KEYS.session);
    set({ login: undefined, expired: false });
  },
}));
