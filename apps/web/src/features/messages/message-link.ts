/**
 * Where a message button leads (decision 028): an in-app path navigates inside the app, an https address opens
 * outside it in a new context; anything else (the server refuses it already) leads nowhere.
 */
export type MessageLinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string } | { kind: 'none' };

export function messageLinkTarget(link: string): MessageLinkTarget {
  const value = link.trim();
  if (value.startsWith('#/')) return { kind: 'internal', to: value.slice(1) };
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', to: value };
  if (/^https:\/\/[^\s]+$/i.test(value)) return { kind: 'external', href: value };
  return { kind: 'none' };
}

/** The top bar turns to the next message after the current one's turn_time seconds (spec §4), at least one second. */
export function turnDelayMs(turnTimeSeconds: number): number {
  return Math.max(1, Math.floor(turnTimeSeconds)) * 1000;
}

/** The message id of a pop-up-stack key `message-<id>` (a pop-up message), or undefined for the operator's pop-ups. */
export function messagePopupId(key: string): string | undefined {
  return /^message-([1-9]\d{0,14})$/.exec(key)?.[1];
}
