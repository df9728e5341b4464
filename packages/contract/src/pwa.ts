import { endpoint } from './endpoint.ts';
import { deferred, described, integer } from './schema.ts';
import * as z from 'zod/mini';

/**
 * The installable web app (spec §4 installed-web-app top bar and popup, §7 `/api/v1/conf/pwa/get`, the award check
 * and report; issue 22, decision 053).
 */
const noBody = described(z.undefined(), 'No body');
const optional = (pattern: RegExp, max: number, description: string) =>
  z.optional(described(z.string().check(z.minLength(1), z.maxLength(max), z.regex(pattern)), description));

/**
 * `GET /api/v1/conf/pwa/get`: the brand's web app manifest (application/manifest+json, not the envelope: the browser
 * reads it as is, so it is no `endpoint` of the typed client; a refusal is an envelope as everywhere). The brand is the
 * request's Host; `app_group` and `src_host`, when sent, must be that brand's.
 */
export const PWA_MANIFEST_PATH = '/api/v1/conf/pwa/get';

export const pwaManifestQuery = deferred(() =>
  z.object({
    app_group: optional(/^[a-z0-9_-]+$/, 32, 'The brand’s variant group (must be the Host’s brand’s)'),
    src_host: optional(/^[a-z0-9.-]+(?::\d{1,5})?$/, 253, 'The host the page was opened on (must be one of the brand’s)'),
    lca_coun: optional(/^[A-Za-z]{2}$/, 2, 'Country (ISO 3166-1 alpha-2)'),
    lca_lang: optional(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?$/, 16, 'Language; one the app has not falls back to the brand’s (spec §9)'),
    currency: optional(/^[A-Za-z]{3,5}$/, 5, 'Currency the page shows'),
    cv_prefix: optional(/^[A-Za-z0-9_]+$/, 32, 'Client-version prefix, kept on start_url'),
    smid: optional(/^[\w.:-]+$/, 128, 'Device id (accepted, never written into the manifest)'),
  }),
);

function awardDataShape() {
  return {
    award_status: described(z.union([z.literal(0), z.literal(1), z.literal(2)]), '0 no reward offered, 1 offered (show the install bar), 2 received'),
    award_amount: integer('Reward in minor units', { min: 0 }),
    currency: described(z.string(), 'Currency of the reward'),
  };
}
const awardData = deferred(() => z.object(awardDataShape()));

/** `GET /api/v1/pwa/award/check`: whether installing the web app earns this player a reward (spec §4). */
export const pwaAwardCheck = endpoint(() => ({
  method: 'GET',
  path: '/api/v1/pwa/award/check',
  host: 'main',
  auth: 'user',
  query: z.object({}),
  body: noBody,
  data: awardData,
}));

/**
 * `GET /api/v1/pwa/award/report`: the installed app reports itself (opened in a standalone window, or the browser's
 * `appinstalled`); the reward is paid once per player through the bonus engine, however many reports race.
 */
export const pwaAwardReport = endpoint(() => ({
  method: 'GET',
  path: '/api/v1/pwa/award/report',
  host: 'main',
  auth: 'user',
  query: z.object({
    display_mode: described(
      z.enum(['standalone', 'minimal-ui', 'fullscreen', 'window-controls-overlay', 'installed', 'browser']),
      'How the app is shown now; `installed` when the browser said appinstalled. `browser` is refused (not installed)',
    ),
  }),
  body: noBody,
  data: z.object({
    ...awardDataShape(),
    paid: described(z.union([z.literal(0), z.literal(1)]), '1 when this report paid the reward'),
  }),
}));
