import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.ts';
import { isApiUrl } from './security-headers.ts';

/**
 * The server listens as soon as its routes are built, so the first page (index.html and the static files, which need
 * no database) is answered while the start's last work — the jobs that must run before players come back, like
 * recovering the casino rounds a crash left — still runs (docs/decisions/076-cold-start.md). Until then the API is
 * held at this gate: a request waits for it to open, and one that has waited `waitMs` is answered SERVER_STARTING
 * (HTTP 503, the envelope in the player's language), never served from a half-started server.
 */
export interface StartGate {
  isOpen(): boolean;
  /** Resolves when the gate opens. */
  readonly opened: Promise<void>;
  open(): void;
}

export function startGateCreate(): StartGate {
  let isOpen = false;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    isOpen: () => isOpen,
    opened,
    open() {
      isOpen = true;
      open();
    },
  };
}

/** How long an API request waits for the start to finish before it is answered SERVER_STARTING. */
export const START_GATE_WAIT_MS = 15_000;

/** Holds API requests at the gate; pages and static files pass. After the security headers and request context. */
export function startGateRegister(app: FastifyInstance, gate: StartGate, waitMs = START_GATE_WAIT_MS): void {
  app.addHook('onRequest', async (request) => {
    if (gate.isOpen() || !isApiUrl(request.url)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([gate.opened, waited]);
    clearTimeout(timer);
    if (!gate.isOpen()) throw new AppError('SERVER_STARTING', {}, 503);
  });
}
