import { describe, expect, it } from 'vitest';
import { messageLinkTarget, messagePopupId, turnDelayMs } from './message-link.ts';

describe('messageLinkTarget', () => {
  it.each([
    ['/deposit', { kind: 'internal', to: '/deposit' }],
    ['#/bonus', { kind: 'internal', to: '/bonus' }],
    ['https://example.com/x', { kind: 'external', href: 'https://example.com/x' }],
    ['//evil.example', { kind: 'none' }],
    ['javascript:alert(1)', { kind: 'none' }],
    ['http://plain.example', { kind: 'none' }],
    ['', { kind: 'none' }],
  ])('%s', (link, expected) => {
    expect(messageLinkTarget(link)).toEqual(expected);
  });
});

describe('turnDelayMs', () => {
  it('turns after turn_time seconds, never faster than a second', () => {
    expect(turnDelayMs(5)).toBe(5000);
    expect(turnDelayMs(0)).toBe(1000);
  });
});

describe('messagePopupId', () => {
  it('reads the message id of a pop-up message key only', () => {
    expect(messagePopupId('message-42')).toBe('42');
    expect(messagePopupId('welcome')).toBeUndefined();
    expect(messagePopupId('message-0')).toBeUndefined();
    expect(messagePopupId('message-1x')).toBeUndefined();
  });
});
