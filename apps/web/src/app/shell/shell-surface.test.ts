import { describe, expect, it } from 'vitest';
import { externalUrl } from '../../shared/shell-actions.ts';
import { safeAreaApply } from './native-shell-start.ts';
import { telegramScriptParamsKeep, telegramThemeApply } from './telegram-shell-start.ts';

function styleRecorder() {
  const set: Record<string, string> = {};
  return { set, style: { setProperty: (name: string, value: string | null) => void (set[name] = value ?? '') } };
}

describe('what the shells hand the page (decision 062)', () => {
  it("turns the native shell's safe-area insets into --shell-inset-* pixels, skipping nonsense", () => {
    const { set, style } = styleRecorder();
    safeAreaApply(style, { top: 47.4, right: 0, bottom: 34, left: -3 });
    expect(set).toEqual({ '--shell-inset-top': '47px', '--shell-inset-right': '0px', '--shell-inset-bottom': '34px' });
    safeAreaApply(style, { top: Number.NaN, bottom: 9999 } as never);
    expect(set['--shell-inset-top']).toBe('47px');
  });

  it("publishes Telegram's theme as --tg-theme-* colours and nothing that is not a colour", () => {
    const { set, style } = styleRecorder();
    telegramThemeApply(style, { bg_color: '#17212b', button_text_color: '#ffffff', text_color: 'red; background:url(x)', 'bad-name': '#000' });
    expect(set).toEqual({ '--tg-theme-bg-color': '#17212b', '--tg-theme-button-text-color': '#ffffff' });
  });

  it('opens only other sites outside the web view: our own paths and other schemes stay inside', () => {
    const base = 'http://tigerbet.in/#/deposit-wait';
    expect(externalUrl('https://pay.example.test/checkout?o=1', base)?.href).toBe('https://pay.example.test/checkout?o=1');
    expect(externalUrl('http://help.example.test/a', base)?.origin).toBe('http://help.example.test');
    expect(externalUrl('#/terms', base)).toBeUndefined();
    expect(externalUrl('/offline.html', base)).toBeUndefined();
    expect(externalUrl('javascript:alert(1)', base)).toBeUndefined();
    expect(externalUrl('mailto:help@example.test', base)).toBeUndefined();
  });

  it("keeps the launch parameters where Telegram's script looks for them once the hash is gone", () => {
    const kept: Record<string, string> = {};
    telegramScriptParamsKeep({ setItem: (key, value) => void (kept[key] = value) }, new URLSearchParams('tgWebAppData=a%3D1&tgWebAppVersion=8.0'));
    expect(JSON.parse(kept.__telegram__initParams!)).toEqual({ tgWebAppData: 'a=1', tgWebAppVersion: '8.0' });
    telegramScriptParamsKeep(
      {
        setItem: () => {
          throw new Error('private mode');
        },
      },
      new URLSearchParams('x=1'),
    );
  });
});
