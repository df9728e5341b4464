/*
 * Piranha's service worker (web push, issue 21, decision 035). Shows each push as a notification in the language the
 * server wrote it in, opens its in-app hash route on click (with `?push=<source>` for push_opened), and drops a repeat of one of the last 10 push ids (spec §9
 * push message id cache; a send retried after a lost answer reaches the browser twice).
 * Plain JavaScript served as /sw.js (scope /): a classic worker loads in every browser that has the Push API.
 *
 * The installable web app (issue 22, decision 053): it precaches this build's shell (the entry's scripts and styles,
 * the offline page), answers a page that cannot be loaded with the offline page, and keeps hashed assets in the
 * build's cache. A new build is a new sw.js: it installs beside the running one and WAITS; the page shows a "new
 * version" prompt and, when the player taps it, posts SKIP_WAITING, and reloads once the new worker controls it.
 */
'use strict';

/** Replaced at build time by apps/web/pwa-plugin.ts: this build's id and the shell it precaches. */
self.__PIRANHA_BUILD__ = { id: 'dev', precache: [] };
const BUILD = self.__PIRANHA_BUILD__;
const SHELL_PREFIX = 'pir-shell-';
const SHELL_CACHE = SHELL_PREFIX + BUILD.id;
const OFFLINE_URL = '/offline.html';
/** Paths the worker never answers for: the API, the socket, operator and sandbox pages go to the network as they are. */
const PASS_THROUGH = /^\/(?:api|ws|dev|sandbox|ops|metrics|healthz|readyz|cdn)(?:\/|$)/;

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

async function precache() {
  const cache = await caches.open(SHELL_CACHE);
  // `reload`: the network's copy, not the HTTP cache's (a stale offline page would outlive its build).
  await cache.addAll(BUILD.precache.map((url) => new Request(url, { cache: 'reload' })));
  // The first worker takes over at once (nothing runs to be replaced); a new build waits for the player's yes.
  if (!self.registration.active) await self.skipWaiting();
}

async function cachesPrune() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)));
}

/** A page: from the network; when it cannot be reached, the offline page. */
async function pageRespond(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

/** A hashed asset never changes: from this build's cache, else the network (kept for next time). */
async function assetRespond(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('install', (event) => extend(event, precache()));
self.addEventListener('activate', (event) =>
  extend(
    event,
    cachesPrune().then(() => self.clients.claim()),
  ),
);
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'SKIP_WAITING') extend(event, self.skipWaiting());
  if (data.type === 'BUILD_ID' && event.ports && event.ports[0]) event.ports[0].postMessage({ id: BUILD.id });
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || PASS_THROUGH.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(pageRespond(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(assetRespond(request));
});
self.addEventListener('push', (event) => extend(event, pushShow(event.data)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  extend(event, open(data.link, data.source));
});
