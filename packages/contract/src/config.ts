import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const noBody = described(z.undefined(), 'No body');

export const globalConfigGet = endpoint(() => ({
  method: 'GET',
  path: '/api/v1/conf/global',
  host: 'main',
  auth: 'none',
  query: noQuery,
  body: noBody,
  data: z.object({
    global_stats: described(z.union([z.literal(0), z.literal(1), z.literal(2)]), '0 normal, 1 maintenance (show /error type 3), 2 news (show /news)'),
  }),
}));

/** Names of the dynamic configs (spec §3 "Dynamic config entry"). */
export const DYNCONFIG_KEYS = [
  'register_bonus_ab',
  'sms_switch',
  'first_charge_ab',
  'ui_v3_ab',
  'task_ab',
  'vip_club',
  'real_time_bonus',
  'domain_change',
  'global_config',
  'login_optimisation_ab',
] as const;
export type DynconfigKey = (typeof DYNCONFIG_KEYS)[number];

export const dynconfigEntrySchema = deferred(() =>
  z.object({
    key: described(z.string(), 'Config name'),
    result: described(z.string(), 'Assigned arm of an A/B config ("A" or "B"), or "on"/"off" for a switch'),
    switch: described(z.union([z.literal(0), z.literal(1)]), '1 when the feature is on for this user or device'),
    configs: described(
      z.catchall(
        z.object({
          api_host: described(z.string(), 'API host override; empty keeps the default'),
          maidian_host: described(z.string(), 'Tracking host override; empty keeps the default'),
        }),
        z.unknown(),
      ),
      'Settings of the config, e.g. regionDefaultLang for global_config',
    ),
  }),
);
export type DynconfigEntry = z.infer<typeof dynconfigEntrySchema>;

export const dynconfigGet = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/base/dynconfig/cfg/get',
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({
    keys: described(z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(32)), 'Config names to fetch'),
  }),
  data: z.object({ configs: described(z.array(dynconfigEntrySchema), 'One entry per known key asked for') }),
}));

export const areaCheck = endpoint(() => ({
  method: 'GET',
  path: '/api/v1/area/check',
  host: 'area',
  auth: 'none',
  query: noQuery,
  body: noBody,
  data: z.object({ country_code: described(z.string(), 'ISO 3166-1 alpha-2 country of the client IP, or the brand country when unknown') }),
}));

export const BANNER_TYPES = ['normal', 'deposit', 'pwa', 'ui_switch', 'banned'] as const;

export const bannerSchema = deferred(() =>
  z.object({
    id: integer('Banner id'),
    type: integer('1 image'),
    info: described(z.string(), 'Image URL'),
    url: described(z.string(), 'Where a tap goes: an internal route (#/…) or an external https URL'),
    banner_type: described(z.enum(BANNER_TYPES), 'normal, deposit, pwa, ui_switch or banned'),
    title: described(z.string(), 'Title, also the image alt text'),
    expire_time: integer('Unix seconds after which the banner is hidden; 0 never'),
  }),
);
export type Banner = z.infer<typeof bannerSchema>;

export const bannerList = endpoint(() => ({
  method: 'GET',
  path: '/api/v1/conf/banner',
  host: 'main',
  auth: 'optional',
  query: z.object({
    source: z.optional(text(32, 'Page asking, e.g. sport or game')),
    from: z.optional(text(32, 'Entry point, e.g. home')),
  }),
  body: noBody,
  data: z.object({ list: z.array(bannerSchema) }),
}));

const contentItem = deferred(() =>
  z.object({
    id: integer('Item id'),
    key: described(z.string(), 'Stable key'),
    title: described(z.string(), 'Label in the request language'),
    icon: described(z.string(), 'Icon name from the product icon set, or an image URL'),
    url: described(z.string(), 'Route or URL a tap opens'),
    level: described(z.number(), 'Sort weight; higher first'),
  }),
);
export type ContentItem = z.infer<typeof contentItem>;

function contentListEndpoint(path: string, description: string) {
  return endpoint(() => ({
    method: 'GET',
    path,
    host: 'main',
    auth: 'optional',
    query: noQuery,
    body: noBody,
    data: z.object({ list: described(z.array(contentItem), description) }),
  }));
}

export const iconList = contentListEndpoint('/api/v1/conf/icon', 'Shortcut icons of the home page');
export const popupList = contentListEndpoint('/api/v1/conf/popup', 'Pop-ups to queue, with their level');
export const tabList = contentListEndpoint('/api/v1/conf/tab', 'Footer tabs');
export const azTabList = contentListEndpoint('/api/v1/conf/az_tab', 'Sport tabs of the A–Z filter');

export const azKeywordList = endpoint(() => ({
  method: 'GET',
  path: '/api/v1/conf/az_keyword',
  host: 'main',
  auth: 'none',
  query: noQuery,
  body: noBody,
  data: z.object({ list: described(z.array(z.string()), 'Popular search keywords') }),
}));

export const logoGet = endpoint(() => ({
  method: 'GET',
  path: '/api/v1/conf/logo',
  host: 'main',
  auth: 'none',
  query: noQuery,
  body: noBody,
  data: z.object({ logo: described(z.string(), 'Logo image URL'), name: described(z.string(), 'Brand name') }),
}));

export const pwaIndexGet = endpoint(() => ({
  method: 'GET',
  path: '/api/v1/conf/pwa/index/get',
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: noBody,
  data: z.object({
    award_status: described(z.union([z.literal(0), z.literal(1)]), '1 when installing the web app earns a reward'),
    award_amount: integer('Reward in minor units'),
    currency: described(z.string(), 'Currency of the reward'),
  }),
}));

export const homeStaticSchema = deferred(() =>
  z.object({
    app_group: described(z.string(), 'Variant group the layout is for'),
    ui_version: integer('UI version the layout is for'),
    sections: described(
      z.array(
        z.object({ key: described(z.string(), 'Section key'), title: described(z.string(), 'Title key'), route: described(z.string(), 'Route it opens') }),
      ),
      'Home page sections in order',
    ),
  }),
);

/** Where the image CDN (here, our server) keeps a group's home layout for a UI version: fetched without credentials. */
export function homeStaticPath(group: string, uiVersion: number): string {
  return `/cdn/home/${encodeURIComponent(group)}/v${uiVersion}.json`;
}

/** The country/version-area document (spec §7): which language a country reads and which country a client-version prefix is. */
export const AREA_STATIC_VERSION = 1;
export const AREA_STATIC_PATH = `/cdn/area/v${AREA_STATIC_VERSION}.json`;

export const areaStaticSchema = deferred(() =>
  z.object({
    version: integer('Document version; a change of shape gets a new path'),
    languages: described(z.record(z.string().check(z.regex(/^[A-Z]{2}$/)), z.string()), 'Locale a visitor from each country reads first'),
    cv_countries: described(z.record(z.string(), z.string().check(z.regex(/^[A-Z]{2}$/))), 'Country of each client-version prefix'),
  }),
);
export type AreaStatic = z.infer<typeof areaStaticSchema>;

/** `POST /api/ops/dynconfig` (behind OPS_TOKEN): an operator sets one dynamic config. */
export const opsDynconfigSetBody = deferred(() =>
  z.strictObject({
    key: described(z.enum(DYNCONFIG_KEYS), 'Config name'),
    enabled: described(z.union([z.literal(0), z.literal(1)]), 'Switch on (1) or off (0); for an A/B config, whether arm B is assigned at all'),
    b_percent: z.optional(described(z.number().check(z.gte(0), z.lte(100)), 'Share of users in arm B, 0–100')),
    configs: z.optional(
      z.strictObject({
        api_host: z.optional(z.union([z.literal(''), originSchemaOf('API host override')])),
        maidian_host: z.optional(z.union([z.literal(''), originSchemaOf('Tracking host override')])),
        domain: z.optional(z.union([z.literal(''), originSchemaOf('The origin players move to (domain_change)')])),
        regionDefaultLang: z.optional(z.record(z.string().check(z.regex(/^[A-Z]{2}$/)), z.string().check(z.maxLength(8)))),
      }),
    ),
  }),
);
export type OpsDynconfigSet = z.output<typeof opsDynconfigSetBody>;

function originSchemaOf(description: string) {
  return described(z.string().check(z.maxLength(255), z.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/)), description);
}
