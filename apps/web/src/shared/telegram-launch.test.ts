import { afterEach, describe, expect, it, vi } from 'vitest';
import { telegramInitData, telegramLaunchCapture, telegramLaunchParams } from './telegram-launch.ts';

afterEach(() => vi.unstubAllGlobals());

describe('telegramLaunchCapture', () => {
  it('keeps the initData of the launch hash and puts the root route back for the router', () => {
    const replaceState = vi.fn();
    vi.stubGlobal('history', { replaceState });
    const initData = 'auth_date=1&user=%7B%22id%22%3A7%7D&hash=ab';
    telegramLaunchCapture({ hash: `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0`, pathname: '/', search: '?x=1' });
    expect(telegramInitData()).toBe(initData);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?x=1#/');
    expect(Object.fromEntries(telegramLaunchParams() ?? [])).toEqual({ tgWebAppData: initData, tgWebAppVersion: '8.0' });
  });

  it('leaves an ordinary route alone', () => {
    const replaceState = vi.fn();
    vi.stubGlobal('history', { replaceState });
    telegramLaunchCapture({ hash: '#/sport', pathname: '/', search: '' });
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('prefers the SDK’s initData when the Telegram script is on the page', () => {
    vi.stubGlobal('Telegram', { WebApp: { initData: 'from-sdk' } });
    expect(telegramInitData()).toBe('from-sdk');
  });
});
