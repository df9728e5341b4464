import { useEffect, useRef } from 'react';
import { telegramInitData } from '../telegram-launch.ts';

/**
 * The part of Telegram's `window.Telegram.WebApp` (telegram-web-app.js; ../shared/docs/reference/integrations.md §3.3)
 * the app uses. Everything here is a no-op outside the mini app, so features call it without asking where they run.
 */
export interface TelegramButton {
  show: () => void;
  hide: () => void;
  onClick: (callback: () => void) => void;
  offClick: (callback: () => void) => void;
}

export interface TelegramMainButton extends TelegramButton {
  setParams: (params: { text?: string; is_active?: boolean; is_visible?: boolean }) => void;
  showProgress: (leaveActive?: boolean) => void;
  hideProgress: () => void;
}

export interface TelegramWebApp {
  initData: string;
  version: string;
  colorScheme: 'light' | 'dark';
  themeParams: Record<string, string | undefined>;
  viewportStableHeight?: number;
  ready: () => void;
  expand: () => void;
  setHeaderColor?: (color: string) => void;
  setBackgroundColor?: (color: string) => void;
  onEvent: (event: string, callback: () => void) => void;
  openLink: (url: string) => void;
  openTelegramLink: (url: string) => void;
  BackButton: TelegramButton;
  MainButton: TelegramMainButton;
  HapticFeedback?: { notificationOccurred: (type: 'success' | 'error' | 'warning') => void };
}

/** The WebApp object inside the mini app (launched with initData), else undefined. */
export function telegramWebApp(): TelegramWebApp | undefined {
  if (telegramInitData() === undefined) return undefined;
  return (globalThis as unknown as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram?.WebApp;
}

/** Spec: haptics when a bet is placed or a reward claimed (a success buzz in the mini app, nothing elsewhere). */
export function telegramHaptic(type: 'success' | 'error'): void {
  telegramWebApp()?.HapticFeedback?.notificationOccurred(type);
}

export interface MainButtonAction {
  text: string;
  busy: boolean;
  run: () => void;
}

/**
 * Telegram's MainButton as a page's one primary action (e.g. the deposit's submit): shown while `action` is given,
 * hidden when the page leaves. The page keeps its own button too — the MainButton is a second way to the same action.
 */
export function useTelegramMainButton(action: MainButtonAction | undefined): void {
  const run = useRef(action?.run);
  useEffect(() => {
    run.current = action?.run;
  });
  const text = action?.text;
  const busy = action?.busy ?? false;
  useEffect(() => {
    const button = telegramWebApp()?.MainButton;
    if (!button || text === undefined) return;
    const onClick = () => run.current?.();
    button.setParams({ text, is_active: !busy, is_visible: true });
    if (busy) button.showProgress(false);
    else button.hideProgress();
    button.onClick(onClick);
    return () => {
      button.offClick(onClick);
      button.hide();
    };
  }, [text, busy]);
}
