/** What the loader needs of `document`; tests pass a fake one. */
export interface ScriptHost {
  createElement: (tag: 'script') => { src: string; async: boolean; onload: (() => void) | null; onerror: (() => void) | null };
  head: { appendChild: (node: never) => unknown };
}

/**
 * Loads a third-party script once and says whether it arrived within `timeoutMs`. An unreachable host (offline,
 * blocked, a firewall that never answers) resolves false rather than hanging, so the feature can hide itself.
 */
export function scriptLoad(src: string, timeoutMs: number, host: ScriptHost = document as unknown as ScriptHost): Promise<boolean> {
  return new Promise((resolve) => {
    const script = host.createElement('script');
    const timer = setTimeout(() => resolve(false), timeoutMs);
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    script.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    script.src = src;
    host.head.appendChild(script as never);
  });
}
