import { TIMERS } from '@piranha/domain';
import { firstScreenOnDone } from '../../features/system/first-screen.ts';
import { BRIDGE_VERSION, type SafeAreaInsets } from '../../shared/native-shell/bridge-client.ts';
import { pushRegister } from '@piranha/contract';
import { api } from '../../shared/api/api.ts';
import { nativeBridge } from '../../shared/native-shell/native-bridge.ts';
import { smidEnsure, useSessionStore } from '../../shared/session/session-store.ts';
import { nativePushStart } from './native-push.ts';

let nativeBack: (() => boolean) | undefined;

/** What the hardware back does on the page shown now (ShellLink sets it as the route changes). */
export function nativeBackSet(handler: () => boolean): () => void {
  nativeBack = handler;
  return () => {
    if (nativeBack === handler) nativeBack = undefined;
  };
}

const INSET_SIDES = ['top', 'right', 'bottom', 'left'] as const;

/** The shell's safe-area insets (status bar, notch, gesture bar) as `--shell-inset-*`, which the layout pads by. */
export function safeAreaApply(style: Pick<CSSStyleDeclaration, 'setProperty'>, insets: Partial<SafeAreaInsets>): void {
  for (const side of INSET_SIDES) {
    const value = insets[side];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 400) style.setProperty(`--shell-inset-${side}`, `${Math.round(value)}px`);
  }
}

/**
 * Starts the page's side of the bridge (decision 062): the version handshake, the insets, hardware back, and the
 * loading state — `ready` once the first screen has its data and resources, or after the spec's 8 s at the latest
 * (the shell closes its loader then anyway).
 */
export function nativeShellStart(): void {
  const bridge = nativeBridge();
  bridge.handle('back', () => ({ handled: nativeBack?.() ?? false }));
  bridge.handle('safe_area', (insets) => safeAreaApply(document.documentElement.style, insets));
  bridge.request('hello', { versions: [BRIDGE_VERSION] }).catch((error: unknown) => {
    // A shell that speaks another version (or none) gets the browser's behaviour: links, share and back stay the web's.
    console.warn('native bridge: no shell of our version', error);
    bridge.close();
  });
  bridge
    .request('safe_area', {})
    .then((insets) => safeAreaApply(document.documentElement.style, insets))
    .catch(() => undefined);
  let loaded = false;
  const ready = () => {
    if (loaded) return;
    loaded = true;
    bridge.emit('loading', { state: 'ready' });
  };
  firstScreenOnDone(ready);
  setTimeout(ready, TIMERS.webviewLoadingCloseMs);
  // The shell's push token, for the signed-in player (decision 073).
  nativePushStart({
    askToken: () => bridge.request('push_token', {}),
    signedInUid: () => useSessionStore.getState().login?.uid,
    onSignIn: (run) => useSessionStore.subscribe((state, before) => state.login?.uid !== before.login?.uid && run()),
    onShellToken: (run) => bridge.handle('push_token', (payload) => run(payload)),
    deviceId: smidEnsure,
    register: (body) => api.call(pushRegister, { body }),
    onFailure: (reason) => console.warn('native push:', reason),
  });
}
