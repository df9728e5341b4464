/*
 * Piranha's service worker (web push, issue 21, decision 035). Shows each push as a notification in the language the
 * server wrote it in, opens its in-app hash route on click (with `?push=<source>` for push_opened), and drops a repeat of one of the last 10 push ids (spec §9
 * push message id cache; a send retried after a lost answer reaches the browser twice).
 * Plain JavaScript served as /sw.js (scope /): a classic worker loads in every browser that has the Push API.
 */
'use strict';

/** DURATIONS.pushMessageIdCacheMax in packages/domain/src/timers.ts. */
const ID_CACHE_MAX = 10;
const ID_CACHE = 'pir-push-ids-v1';
const ID_CACHE_KEY = '/__push-ids';

/** Shown when a push carries nothing readable (every push must show something): per the browser's language. */
const FALLBACK = {
  en: 'You have a new message',
  es: 'Tienes un mensaje nuevo',
  pt: 'Você tem uma nova mensagem',
  ru: 'У вас новое сообщение',
  vi: 'Bạn có tin nhắn mới',
  th: 'คุณมีข้อความใหม่',
  zh: '您有一条新消息',
  ms: 'Anda mempunyai mesej baharu',
};

function fallbackTitle() {
  const language = String((self.navigator && self.navigator.language) || 'en')
    .slice(0, 2)
    .toLowerCase();
  return FALLBACK[language] || FALLBACK.en;
}

/** Only an in-app hash route (#/path) is followed; anything else opens the message centre. */
function routeOf(link) {
  return typeof link === 'string' && /^#\/[\w\-./?=&%]*$/.test(link) ? link : '#/message-center';
}

/** What sent a push (`operator`, `payin`, `bet_won`…), for the page's push_opened event; `push` when it says none. */
function sourceOf(value) {
  return typeof value === 'string' && /^[a-z0-9_]{1,32}$/.test(value) ? value : 'push';
}

/** The payload the server sends (push.service.ts PushPayload), or undefined. */
function payloadOf(data) {
  if (!data) return undefined;
  let value;
  try {
    value = data.json();
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || typeof value.id !== 'string' || typeof value.title !== 'string') return undefined;
  return {
    id: value.id.slice(0, 200),
    title: value.title.slice(0, 120),
    body: typeof value.body === 'string' ? value.body.slice(0, 400) : '',
    link: routeOf(value.link),
    lang: typeof value.lang === 'string' ? value.lang : '',
    source: sourceOf(value.source),
  };
}

/** Remembers `id`; answers false when it was among the last ID_CACHE_MAX already. */
async function firstTime(id) {
  const cache = await caches.open(ID_CACHE);
  const stored = await cache.match(ID_CACHE_KEY);
  let ids = [];
  if (stored) {
    try {
      ids = await stored.json();
    } catch {
      ids = [];
    }
  }
  if (!Array.isArray(ids)) ids = [];
  if (ids.includes(id)) return false;
  ids.push(id);
  await cache.put(ID_CACHE_KEY, new Response(JSON.stringify(ids.slice(-ID_CACHE_MAX)), { headers: { 'content-type': 'application/json' } }));
  return true;
}

async function pushShow(data) {
  const payload = payloadOf(data);
  if (!payload) {
    await self.registration.showNotification(fallbackTitle(), { data: { link: '#/message-center', source: 'push' } });
    return;
  }
  if (!(await firstTime(payload.id))) return;
  // The language tag the server used (vm-VI is Vietnamese in this app's catalogue names).
  const lang = payload.lang.replace(/^vm-/, '');
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.id,
    lang,
    data: { link: payload.link, id: payload.id, source: payload.source },
  });
}

/** A synthetic event (a test) cannot be extended; the work still runs. */
function extend(event, work) {
  try {
    event.waitUntil(work);
  } catch {
    // Not dispatched by the browser.
  }
  return work;
}

/**
 * Opens the app at the push's route with `?push=<source>` (decision 041): the page records push_opened once at launch
 * and removes the parameter (apps/web/src/shared/tracking/push-opened.ts).
 */
async function open(link, source) {
  const url = new URL('/?push=' + sourceOf(source) + routeOf(link), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== self.location.origin) continue;
    // The app is open: move it to the route (a hash change) and bring it forward.
    const moved = client.navigate ? await client.navigate(url).catch(() => null) : null;
    const target = moved || client;
    if (!moved) target.postMessage({ type: 'push-open', link: routeOf(link), source: sourceOf(source) });
    if (target.focus) await target.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => extend(event, self.clients.claim()));
self.addEventListener('push', (event) => extend(event, pushShow(event.data)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  extend(event, open(data.link, data.source));
});
