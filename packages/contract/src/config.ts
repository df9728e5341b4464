import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const noQuery = z.object({}).describe('No parameters beyond the common ones');
const noBody = z.undefined().describe('No body');

export const globalConfigGet = endpoint({
  method: 'GET',
  path: '/api/v1/conf/global',
  host: 'main',
  auth: 'none',
  query: noQuery,
  body: noBody,
  data: z.object({
    global_stats: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('0 normal, 1 maintenance (show /error type 3), 2 news (show /news)'),
  }),
});

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

export const dynconfigEntrySchema = z.object({
  key: z.string().describe('Config name'),
  result: z.string().describe('Assigned arm of an A/B config ("A" or "B"), or "on"/"off" for a switch'),
  switch: z.union([z.literal(0), z.literal(1)]).describe('1 when the feature is on for this user or device'),
  configs: z
    .object({
      api_host: z.string().describe('API host override; empty keeps the default'),
      maidian_host: z.string().describe('Tracking host override; empty keeps the default'),
    })
    .catchall(z.unknown())
    .describe('Settings of the config, e.g. regionDefaultLang for global_config'),
});
export type DynconfigEntry = z.infer<typeof dynconfigEntrySchema>;

export const dynconfigGet = endpoint({
  method: 'POST',
  path: '/api/v1/base/dynconfig/cfg/get',
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: z.object({
    keys: z.array(z.string().min(1).max(64)).min(1).max(32).describe('Config names to fetch'),
  }),
  data: z.object({ configs: z.array(dynconfigEntrySchema).describe('One entry per known key asked for') }),
});

export const areaCheck = endpoint({
  method: 'GET',
  path: '/api/v1/area/check',
  host: 'area',
  auth: 'none',
  query: z.object({}),
  body: noBody,
  data: z.object({ country_code: z.string().describe('ISO 3166-1 alpha-2 country of the client IP, or the brand country when unknown') }),
});

export const BANNER_TYPES = ['normal', 'deposit', 'pwa', 'ui_switch', 'banned'] as const;

export const bannerSchema = z.object({
  id: z.number().int().describe('Banner id'),
  type: z.number().int().describe('1 image'),
  info: z.string().describe('Image URL'),
  url: z.string().describe('Where a tap goes: an internal route (#/…) or an external https URL'),
  banner_type: z.enum(BANNER_TYPES).describe('normal, deposit, pwa, ui_switch or banned'),
  title: z.string().describe('Title, also the image alt text'),
  expire_time: z.number().int().describe('Unix seconds after which the banner is hidden; 0 never'),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerList = endpoint({
  method: 'GET',
  path: '/api/v1/conf/banner',
  host: 'main',
  auth: 'optional',
  query: z.object({
    source: z.string().max(32).optional().describe('Page asking, e.g. sport or game'),
    from: z.string().max(32).optional().describe('Entry point, e.g. home'),
  }),
  body: noBody,
  data: z.object({ list: z.array(bannerSchema) }),
});

const contentItem = z.object({
  id: z.number().int(),
  key: z.string().describe('Stable key'),
  title: z.string().describe('Label in the request language'),
  icon: z.string().describe('Icon name from the product icon set, or an image URL'),
  url: z.string().describe('Route or URL a tap opens'),
  level: z.number().describe('Sort weight; higher first'),
});
export type ContentItem = z.infer<typeof contentItem>;

function contentListEndpoint(path: string, description: string) {
  return endpoint({
    method: 'GET',
    path,
    host: 'main',
    auth: 'optional',
    query: noQuery,
    body: noBody,
    data: z.object({ list: z.array(contentItem).describe(description) }),
  });
}

export const iconList = contentListEndpoint('/api/v1/conf/icon', 'Shortcut icons of the home page');
export const popupList = contentListEndpoint('/api/v1/conf/popup', 'Pop-ups to queue, with their level');
export const tabList = contentListEndpoint('/api/v1/conf/tab', 'Footer tabs');
export const azTabList = contentListEndpoint('/api/v1/conf/az_tab', 'Sport tabs of the A–Z filter');

export const azKeywordList = endpoint({
  method: 'GET',
  path: '/api/v1/conf/az_keyword',
  host: 'main',
  auth: 'none',
  query: noQuery,
  body: noBody,
  data: z.object({ list: z.array(z.string()).describe('Popular search keywords') }),
});

export const logoGet = endpoint({
  method: 'GET',
  path: '/api/v1/conf/logo',
  host: 'main',
  auth: 'none',
  query: noQuery,
  body: noBody,
  data: z.object({ logo: z.string().describe('Logo image URL'), name: z.string().describe('Brand name') }),
});

export const pwaIndexGet = endpoint({
  method: 'GET',
  path: '/api/v1/conf/pwa/index/get',
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: noBody,
  data: z.object({
    award_status: z.union([z.literal(0), z.literal(1)]).describe('1 when installing the web app earns a reward'),
    award_amount: z.number().int().describe('Reward in minor units'),
    currency: z.string(),
  }),
});

export const homeStaticSchema = z.object({
  app_group: z.string(),
  ui_version: z.number().int(),
  sections: z.array(z.object({ key: z.string(), title: z.string(), route: z.string() })).describe('Home page sections in order'),
});
