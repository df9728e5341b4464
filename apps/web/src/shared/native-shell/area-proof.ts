import { nativeBridge } from './native-bridge.ts';

/**
 * The native shell's proof for the area check (decision 062): the server lets the brand's own shell through a blocked
 * country (spec §4) on this proof only — a user agent or `window.ReactNativeWebView` is anyone's to fake. A shell
 * that does not answer in 3 s is treated as a browser: the check goes on without it.
 */
export async function areaProofHeaders(appKey: string): Promise<Record<string, string>> {
  try {
    const { proof } = await nativeBridge().request('attest', { purpose: 'area', app_key: appKey, time_s: Math.floor(Date.now() / 1000) }, 3_000);
    return { 'x-piranha-shell': proof };
  } catch {
    return {};
  }
}
