import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from './session-store.ts';
import { depositGate, touristSaveInvite, touristSavePromptAnswer, useTouristSavePrompt } from './tourist-save-prompt.ts';

beforeEach(() => {
  useTouristSavePrompt.setState({ goOn: undefined });
});

describe('depositGate (spec: visitor_deposit shows the tourist e-mail-save modal)', () => {
  it('sends a registered player straight on', () => {
    useSessionStore.setState({ login: { uid: 1, sid: 's', visitor: false } });
    const goOn = vi.fn();
    depositGate(goOn);
    expect(goOn).toHaveBeenCalledOnce();
    expect(useTouristSavePrompt.getState().goOn).toBeUndefined();
  });

  it('stops a tourist at the modal, then goes on when the tourist deposits anyway', () => {
    useSessionStore.setState({ login: { uid: 2, sid: 's', visitor: true } });
    const goOn = vi.fn();
    depositGate(goOn);
    expect(goOn).not.toHaveBeenCalled();
    expect(useTouristSavePrompt.getState().goOn).toBe(goOn);
    touristSavePromptAnswer('deposit');
    expect(goOn).toHaveBeenCalledOnce();
    expect(useTouristSavePrompt.getState().goOn).toBeUndefined();
  });

  it('closes without depositing when the tourist goes to save the account', () => {
    useSessionStore.setState({ login: { uid: 2, sid: 's', visitor: true } });
    const goOn = vi.fn();
    depositGate(goOn);
    touristSavePromptAnswer('save');
    expect(goOn).not.toHaveBeenCalled();
    expect(useTouristSavePrompt.getState().goOn).toBeUndefined();
  });

  it('invites a tourist once per app start (the deposit page, visitor_deposit), and never a registered player', () => {
    useSessionStore.setState({ login: { uid: 3, sid: 's', visitor: false } });
    touristSaveInvite();
    expect(useTouristSavePrompt.getState().goOn).toBeUndefined();
    useSessionStore.setState({ login: { uid: 4, sid: 's', visitor: true } });
    touristSaveInvite();
    expect(useTouristSavePrompt.getState().goOn).toBeDefined();
    touristSavePromptAnswer('dismiss');
    touristSaveInvite();
    expect(useTouristSavePrompt.getState().goOn).toBeUndefined();
  });
});
