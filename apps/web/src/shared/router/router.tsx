import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The app's hash router (docs/decisions/046-own-hash-router-and-one-app-chunk.md). Every route of ours is a static path (no
 * parameters, no nesting beyond the one layout), so this is all the app needs of a router: the location in the
 * URL's fragment, links, navigation with history state, and the query string. React Router did the same with
 * ~12 KB brotli on every first route (architecture.md's 120 KB budget).
 *
 * History entries carry `{ usr, key }` like React Router's, so a state given to `navigate` survives reloads and
 * back/forward.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry passed as `state` (null when none). */
  state: unknown;
  /** Unique per history entry ('default' for the first one). */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface EntryState {
  usr?: unknown;
  key?: string;
  /** How many entries of ours are behind this one (React Router's `idx`): 0 where the app was opened. */
  idx?: number;
}

/** How many pages of this app the player can go back through: 0 on the page the app was opened on. */
export function historyIndexCurrent(): number {
  const idx = (window.history.state as EntryState | null)?.idx;
  return typeof idx === 'number' && Number.isInteger(idx) && idx > 0 ? idx : 0;
}

/** Splits "/path?query#hash" (the part after the URL's '#'). */
export function pathParts(path: string): { pathname: string; search: string; hash: string } {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  const pathname = searchAt >= 0 ? rest.slice(0, searchAt) : rest;
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  return { pathname: pathname ? (pathname.startsWith('/') ? pathname : `/${pathname}`) : '/', search: search === '?' ? '' : search, hash };
}

let cached: Location | undefined;
let cachedHref = '';
let cachedState: unknown;

function locationRead(): Location {
  const href = window.location.href;
  const entry = window.history.state as EntryState | null;
  if (cached && href === cachedHref && entry === cachedState) return cached;
  cachedHref = href;
  cachedState = entry;
  cached = { ...pathParts(window.location.hash.replace(/^#/, '')), state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  return cached;
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('popstate', notify);
    window.addEventListener('hashchange', notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('popstate', notify);
      window.removeEventListener('hashchange', notify);
    }
  };
}

/** Where `to` leads from `from`: absolute paths as they are, "?query" on the current page, others below the root. */
export function pathResolve(to: string, from: Location): string {
  if (to.startsWith('?')) return `${from.pathname}${to}`;
  if (to.startsWith('#')) return `${from.pathname}${from.search}${to}`;
  return to.startsWith('/') ? to : `/${to}`;
}

function pathOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

function entryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Moves to `to` (or `delta` entries back/forward): the one place the app writes the URL's fragment. */
export function navigateTo(to: string | number, options: NavigateOptions = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const current = locationRead();
  const target = pathResolve(to, current);
  // Like React Router: a link to where the player already is replaces the entry instead of stacking a copy.
  const replace = options.replace ?? pathOf(pathParts(target)) === pathOf(current);
  const entry: EntryState = { usr: options.state ?? null, key: entryKey(), idx: historyIndexCurrent() + (replace ? 0 : 1) };
  const url = `${window.location.pathname}${window.location.search}#${target}`;
  if (replace) window.history.replaceState(entry, '', url);
  else window.history.pushState(entry, '', url);
  notify();
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, locationRead);
}

export function useNavigate(): NavigateFunction {
  return navigateTo;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // The query is its page's: a page the player already left (kept mounted while the next one loads, or kept alive
  // hidden) must not write its query onto the page now shown — e.g. a search box's typing-pause timer firing after a
  // result was tapped.
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const current = locationRead();
      if (current.pathname !== pathname) return;
      const init = typeof next === 'function' ? next(new URLSearchParams(current.search)) : next;
      const query = new URLSearchParams(init).toString();
      navigateTo(`${current.pathname}${query ? `?${query}` : ''}`, options);
    },
    [pathname],
  );
  return [params, setParams];
}

/** Gives a first visit without a fragment its root path ("/#/"), as React Router's hash history did. */
export function HashRouter({ children }: { children: ReactNode }) {
  if (!window.location.hash || window.location.hash === '#') {
    window.history.replaceState({ usr: null, key: 'default' } satisfies EntryState, '', `${window.location.pathname}${window.location.search}#/`);
  }
  return children;
}

export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  useEffect(() => {
    navigateTo(to, { replace, state });
  }, [to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

function followsHere(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
  );
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const location = useLocation();
  const href = `#${pathResolve(to, location)}`;
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!followsHere(event, target)) return;
        event.preventDefault();
        navigateTo(to, { replace, state });
      }}
    />
  );
}

/** A link that says it is the current page (aria-current="page") when its path is the one shown. */
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  const current = pathParts(pathResolve(props.to, locationRead())).pathname === pathname;
  return <Link aria-current={current ? 'page' : undefined} {...props} />;
}

const OutletContext = createContext<ReactNode>(null);

/** Gives the layout the page the location chose. */
export function OutletProvider({ element, children }: { element: ReactNode; children: ReactNode }) {
  return <OutletContext value={element}>{children}</OutletContext>;
}

export function Outlet() {
  return useContext(OutletContext);
}
