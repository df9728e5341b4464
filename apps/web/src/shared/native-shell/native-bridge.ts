import { randomId } from '../random-id.ts';
import { bridgeClientCreate, type BridgeClient } from './bridge-client.ts';

/** The shell's side of the channel: React Native WebView's injected object. */
interface NativeWebView {
  postMessage: (text: string) => void;
}

/** A request's wait unless it says otherwise; the device id waits the spec's 7 s (smid fallback) instead. */
export const BRIDGE_TIMEOUT_MS = 5_000;

let bridge: BridgeClient | undefined;

/**
 * The page's one bridge to the native shell (decision 062). Loaded only inside the shell (`shellKind() === 'native'`),
 * so a browser's first route carries none of it. Only messages the shell itself dispatched count: the shell's
 * `injectJavaScript` dispatches them on the window with no source (or the window as source); a game in an iframe
 * posting to us has its own window as source and is ignored.
 */
export function nativeBridge(): BridgeClient {
  bridge ??= bridgeClientCreate({
    transport: {
      post: (text) => (window as unknown as { ReactNativeWebView?: NativeWebView }).ReactNativeWebView?.postMessage(text),
      listen: (receive) => {
        const onMessage = (event: MessageEvent) => {
          if (event.source === null || event.source === window) receive(event.data);
        };
        window.addEventListener('message', onMessage);
        return () => window.removeEventListener('message', onMessage);
      },
    },
    timeoutMs: BRIDGE_TIMEOUT_MS,
    idNext: () => `w-${randomId()}`,
    onDropped: (reason) => console.warn('native bridge: message dropped', reason),
  });
  return bridge;
}
