import { ApiError, ERRORS } from '@piranha/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storageSet } from '../storage.ts';
import { inviteBindFinal, invitePendingSend } from './invite-bind.ts';
import { invitePending } from './invite-pending.ts';

const call = vi.hoisted(() => vi.fn());
vi.mock('../api/api.ts', () => ({ api: { call } }));

const refusal = (name: keyof typeof ERRORS) => new ApiError(ERRORS[name].code, '', {}, 200);

function storageFake(): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, String(value)),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', storageFake());
  call.mockReset();
  storageSet(STORAGE_KEYS.invitePending, { source: 'link', code: 'P12AB' });
});

describe('the invite bind retry rule (decision 067)', () => {
  it('settles on the final refusals only', () => {
    for (const name of ['INVITE_CODE_INVALID', 'INVITE_SELF', 'INVITE_SAME_DEVICE', 'INVITE_ALREADY_BOUND', 'INVITE_TOO_LATE', 'VALIDATION_FAILED'] as const)
      expect(inviteBindFinal(refusal(name)), name).toBe(true);
    for (const name of ['SESSION_EXPIRED', 'RATE_LIMITED', 'INTERNAL'] as const) expect(inviteBindFinal(refusal(name)), name).toBe(false);
    expect(inviteBindFinal(new TypeError('Failed to fetch'))).toBe(false);
    expect(inviteBindFinal(undefined)).toBe(false);
  });

  it('keeps the invite through a network failure and a server error, sends it again, and clears it once the server binds it', async () => {
    call.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await invitePendingSend();
    expect(invitePending()).toEqual({ source: 'link', code: 'P12AB' });
    call.mockRejectedValueOnce(refusal('RATE_LIMITED'));
    await invitePendingSend();
    expect(invitePending()).toEqual({ source: 'link', code: 'P12AB' });
    call.mockResolvedValueOnce({});
    await invitePendingSend();
    expect(call).toHaveBeenCalledTimes(3);
    expect(call.mock.calls[2]![1]).toEqual({ body: { link: 'P12AB' } });
    expect(invitePending()).toBeUndefined();
    await invitePendingSend();
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('clears the invite on a final refusal, and sends a mini-app start parameter as one', async () => {
    storageSet(STORAGE_KEYS.invitePending, { source: 'mini_app', code: 'P9XY' });
    call.mockRejectedValueOnce(refusal('INVITE_TOO_LATE'));
    await invitePendingSend();
    expect(call.mock.calls[0]![1]).toEqual({ body: { start_param: 'P9XY' } });
    expect(invitePending()).toBeUndefined();
  });

  it('sends once when boot and a sign-in ask at the same time', async () => {
    let answer: (value: unknown) => void = () => undefined;
    call.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const both = Promise.all([invitePendingSend(), invitePendingSend()]);
    answer({});
    await both;
    expect(call).toHaveBeenCalledOnce();
    expect(invitePending()).toBeUndefined();
  });
});
