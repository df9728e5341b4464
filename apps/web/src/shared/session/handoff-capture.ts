/**
 * The arriving half of a domain change (decision 033). The old origin sends the player to
 * `<new origin>/#handoff=<code>&to=<route>`: the code rides in the fragment, which browsers never send to a server,
 * so no server or proxy log holds it. Before the router reads the hash, the code is taken out of it (and out of the
 * history entry) and kept in memory until boot exchanges it by POST (features/system/domain-change.ts).
 */
let pending: string | undefined;

const CODE = /^[A-Za-z0-9_-]{43}$/;
const ROUTE = /^\/[A-Za-z0-9/_-]*$/;

export function handoffCapture(location: { hash: string; pathname: string; search: string }, history: Pick<History, 'replaceState'>): void {
  if (!location.hash.startsWith('#handoff=')) return;
  const params = new URLSearchParams(location.hash.slice(1));
  const code = params.get('handoff') ?? '';
  const to = params.get('to') ?? '/';
  if (CODE.test(code)) pending = code;
  history.replaceState(null, '', `${location.pathname}${location.search}#${ROUTE.test(to) ? to : '/'}`);
}

/** The code captured at launch, once. */
export function handoffPendingTake(): string | undefined {
  const code = pending;
  pending = undefined;
  return code;
}
