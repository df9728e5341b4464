import { create } from 'zustand';
import { useSessionStore } from './session-store.ts';

/**
 * The tourist e-mail-save modal (spec §2, §4 "visitor_deposit shows the tourist e-mail-save modal"). Any deposit
 * entry calls `depositGate(goOn)`: a tourist is first invited to save the account with an e-mail (their money then
 * survives a lost device), and may go on to deposit anyway; everyone else goes on at once. The modal itself is
 * features/account/tourist-save-modal.tsx, mounted once by the app layout.
 */
interface TouristSavePromptState {
  /** What "deposit anyway" does; undefined while the modal is closed. */
  goOn: (() => void) | undefined;
}

export const useTouristSavePrompt = create<TouristSavePromptState>(() => ({ goOn: undefined }));

export function depositGate(goOn: () => void): void {
  if (useSessionStore.getState().login?.visitor) useTouristSavePrompt.setState({ goOn });
  else goOn();
}

/** The tourist chose: `deposit` goes on with what the gate was given; `save` and `dismiss` just close the modal. */
export function touristSavePromptAnswer(choice: 'deposit' | 'save' | 'dismiss'): void {
  const { goOn } = useTouristSavePrompt.getState();
  useTouristSavePrompt.setState({ goOn: undefined });
  if (choice === 'deposit') goOn?.();
}

let invited = false;

/**
 * Invites a tourist once per app start, with nothing to go on to: the /deposit page calls it when it opens, and a
 * guest sign-in whose Login info says visitor_deposit 1 (a tourist holding money) calls it too (spec §4).
 */
export function touristSaveInvite(): void {
  if (invited || !useSessionStore.getState().login?.visitor) return;
  invited = true;
  useTouristSavePrompt.setState({ goOn: () => undefined });
}
