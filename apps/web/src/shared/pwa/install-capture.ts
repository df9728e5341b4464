/**
 * Chromium's `beforeinstallprompt` (reference integrations §5.2), kept from the first moment: the install bar loads
 * lazily, after the event may have fired. The event is prevented (no mini-infobar) and handed to whoever asks.
 */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();

export function installPromptCapture(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
  target.addEventListener('appinstalled', () => {
    deferred = undefined;
    listeners.forEach((listener) => listener());
  });
}

/** The offer kept, if any; `prompt()` works once, so it is taken. */
export function installPromptPeek(): InstallPromptEvent | undefined {
  return deferred;
}

export function installPromptTake(): InstallPromptEvent | undefined {
  const event = deferred;
  deferred = undefined;
  return event;
}

export function installPromptSubscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
