import { pushRegister, pushReport, pushVapidKey } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { api } from '../../shared/api/api.ts';
import { randomId } from '../../shared/random-id.ts';
import { STORAGE_KEYS, storageGet, storageSet } from '../../shared/storage.ts';

/**
 * Web push in the browser (spec §4 Notification permission, §9 timers; decision 035): the service worker
 * (`/sw.js`), the permission, the subscription with the deployment's VAPID key, and telling the server.
 */

/** The browser's permission, or `unsupported` where the Push API is missing (an old browser, iOS outside the home screen, plain http). */
export type PushPermission = NotificationPermission | 'unsupported';

/** The six texts of spec §8, as keys of the `push.error` catalogue entries. */
export type PushErrorKey = 'initFailed' | 'tokenEmpty' | 'subscribeFailed' | 'permissionApplyFailed' | 'permissionDenied' | 'permissionCancelled';

export class PushError extends Error {
  constructor(readonly key: PushErrorKey) {
    super(key);
  }
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** This browser's id for push (`device_id`), kept across sessions. */
export function pushDeviceId(): string {
  const stored = storageGet<string>(STORAGE_KEYS.pushDevice);
  if (stored && /^[\w.:-]{1,128}$/.test(stored)) return stored;
  const made = `web-${randomId()}`.replace(/[^\w.:-]/g, '').slice(0, 64);
  storageSet(STORAGE_KEYS.pushDevice, made);
  return made;
}

/** Registers `/sw.js` and waits for it to be active: up to 10 tries 1 s apart (spec §9), else "push service initialisation failed". */
export async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    throw new PushError('initFailed');
  }
  for (let attempt = 0; attempt < TIMERS.serviceWorkerWaitTries; attempt += 1) {
    if (registration.active) return registration;
    await sleep(TIMERS.serviceWorkerWaitMs);
  }
  throw new PushError('initFailed');
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** The existing subscription or a new one; tried every 2.5 s, 10 times at most (spec §9), else "Subscribe push failed". */
export async function pushSubscribe(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  for (let attempt = 0; attempt < TIMERS.pushRetryMax; attempt += 1) {
    try {
      const existing = await registration.pushManager.getSubscription();
      if (existing) return existing;
      return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    } catch {
      if (attempt + 1 < TIMERS.pushRetryMax) await sleep(TIMERS.pushRetryMs);
    }
  }
  throw new PushError('subscribeFailed');
}

/** Asks for the permission (call it from a tap: browsers refuse prompts without one). */
export async function pushPermissionRequest(): Promise<void> {
  let answer: NotificationPermission;
  try {
    answer = await Notification.requestPermission();
  } catch {
    throw new PushError('permissionApplyFailed');
  }
  if (answer === 'denied') throw new PushError('permissionDenied');
  // Closing the prompt leaves the permission at default.
  if (answer !== 'granted') throw new PushError('permissionCancelled');
}

/**
 * With the permission granted: the service worker, the subscription, `POST /api/push/register` and the report. Answers
 * whether the server now sends to this device.
 */
export async function pushConnect(): Promise<boolean> {
  const registration = await serviceWorkerReady();
  const { public_key: publicKey } = await api.call(pushVapidKey);
  const subscription = await pushSubscribe(registration, publicKey);
  const token = subscription.endpoint ? JSON.stringify(subscription.toJSON()) : '';
  if (token === '') throw new PushError('tokenEmpty');
  const deviceId = pushDeviceId();
  await api.call(pushRegister, {
    body: {
      platform: window.matchMedia?.('(display-mode: standalone)').matches ? 'pwa' : 'web',
      device_id: deviceId,
      rom: navigator.platform.slice(0, 128),
      meta: [{ token, push_type: 'webpush' }],
    },
  });
  const report = await api.call(pushReport, { query: { permission: 'granted', device_id: deviceId } });
  return report.push_enabled === 1;
}

/** Tells the server the permission is no longer granted on this device (it drops the device's subscriptions). */
export async function pushReportPermission(permission: NotificationPermission): Promise<void> {
  await api.call(pushReport, { query: { permission, device_id: pushDeviceId() } });
}

/** Spec §9: the notification bar, once closed, stays away for 3 days. */
export function notificationBarMuted(now: number, muteMs: number): boolean {
  const mutedAt = storageGet<number>(STORAGE_KEYS.notificationBarMutedAt);
  return typeof mutedAt === 'number' && now - mutedAt < muteMs && now >= mutedAt;
}

export function notificationBarMute(now: number): void {
  storageSet(STORAGE_KEYS.notificationBarMutedAt, now);
}
