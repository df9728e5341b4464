import { FAQ_CATEGORIES, HELP_KINDS } from '@piranha/domain';
import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * The help centre (spec §2 /faq/*, /about, /privacy, /news, /announcement, /html, /feedback; issue 21, decision 038).
 * Every item is the requesting site's brand's (the `app-key` of the request), in the reader's language, falling back
 * to the brand's default language, then en-US. Bodies are HTML the server sanitized to the allow-list.
 */
const HELP = '/api/piranha/help';
const noBody = described(z.undefined(), 'No body');
const idSchema = deferred(() => described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Help item id (a positive integer as a string)'));

export const helpItemSchema = deferred(() =>
  z.object({
    id: described(z.string(), 'Item id'),
    kind: described(z.enum(HELP_KINDS), 'faq, about, privacy, news, announcement or html'),
    slug: described(z.string(), 'The brand’s name for the item'),
    category: described(z.string(), 'FAQ category ("" for other kinds)'),
    title: described(z.string(), 'Title in the reader’s language'),
    body: described(z.string(), 'Sanitized HTML in the reader’s language'),
    video_url: described(z.string(), 'https address of the item’s video ("" when none)'),
    publish_time: integer('Unix seconds it was last published'),
  }),
);

export const helpFaqSummarySchema = deferred(() =>
  z.object({
    id: described(z.string(), 'Item id'),
    category: described(z.enum(FAQ_CATEGORIES), 'FAQ category'),
    title: described(z.string(), 'Question in the reader’s language'),
    summary: described(z.string(), 'The answer’s first words, plain text'),
    has_video: described(z.union([z.literal(0), z.literal(1)]), '1 when the answer has a video'),
  }),
);

/** The FAQ home: the categories with how many answers each holds, and the answers that match the search. */
export const helpFaqList = endpoint(() => ({
  method: 'GET',
  path: `${HELP}/faq/list`,
  host: 'main',
  auth: 'none',
  query: z.object({
    keyword: z.optional(text(80, 'Words every answer listed contains (title or body), any case or accent')),
    category: z.optional(described(z.enum(FAQ_CATEGORIES), 'Only this category')),
  }),
  body: noBody,
  data: z.object({
    categories: z.array(z.object({ category: z.enum(FAQ_CATEGORIES), count: integer('Answers in it', { min: 0 }) })),
    list: z.array(helpFaqSummarySchema),
  }),
}));

/** One item by id: a FAQ answer (/faq/detail, /faq/video) or an operator HTML page (/html). Another brand's is not found. */
export const helpItemGet = endpoint(() => ({
  method: 'GET',
  path: `${HELP}/item/get`,
  host: 'main',
  auth: 'none',
  query: z.object({ id: idSchema }),
  body: noBody,
  data: helpItemSchema,
}));

/** The brand's /about or /privacy page (the privacy notice names its jurisdiction's data-protection law). */
export const helpPageGet = endpoint(() => ({
  method: 'GET',
  path: `${HELP}/page/get`,
  host: 'main',
  auth: 'none',
  query: z.object({ kind: described(z.enum(['about', 'privacy']), 'Which page') }),
  body: noBody,
  data: helpItemSchema,
}));

/** /news and /announcement: the brand's items of the kind, newest first. */
export const helpNewsList = endpoint(() => ({
  method: 'GET',
  path: `${HELP}/news/list`,
  host: 'main',
  auth: 'none',
  query: z.object({ kind: described(z.enum(['news', 'announcement']), 'Which list') }),
  body: noBody,
  data: z.object({ list: z.array(helpItemSchema) }),
}));

export const FEEDBACK_CATEGORIES = ['payment', 'betting', 'casino', 'account', 'suggestion', 'other'] as const;

/**
 * /feedback: stored for the operator. At most 5 per hour per player and 10 per hour per client address
 * (FEEDBACK_RATE_LIMITED 8501 past either).
 */
export const helpFeedbackSubmit = endpoint(() => ({
  method: 'POST',
  path: `${HELP}/feedback/submit`,
  host: 'main',
  auth: 'optional',
  query: z.object({}),
  body: z.strictObject({
    category: described(z.pipe(z.string(), z.enum(FEEDBACK_CATEGORIES)), 'What it is about'),
    content: described(z.string().check(z.minLength(10), z.maxLength(1000), z.regex(/\S[\s\S]*\S/)), 'What happened or what you suggest (10–1000 characters)'),
    contact: z.optional(text(120, 'How to reach the sender back (e-mail or phone), optional')),
  }),
  data: z.object({ feedback_id: described(z.string(), 'Reference of the stored feedback') }),
}));

// --- Operators (behind OPS_TOKEN) ------------------------------------------------------------------------

const appKeySchema = deferred(() => described(z.string().check(z.regex(/^[a-z0-9]{2,32}$/)), 'The brand'));
const slugSchema = deferred(() => described(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/)), 'The item’s name within the brand and kind'));
const helpLocaleText = deferred(() => z.strictObject({ title: text(160, 'Title'), body: text(20_000, 'Body: HTML, sanitized to the allow-list') }));
const helpPerLocale = deferred(() =>
  z.strictObject({
    'en-US': z.optional(helpLocaleText),
    'es-MX': z.optional(helpLocaleText),
    'pt-BR': z.optional(helpLocaleText),
    'ru-RU': z.optional(helpLocaleText),
    'vm-VI': z.optional(helpLocaleText),
    'vm-TH': z.optional(helpLocaleText),
    'zh-CN': z.optional(helpLocaleText),
    'ms-MY': z.optional(helpLocaleText),
  }),
);

/** Creates or replaces an item (its texts are replaced per locale given; a locale left out keeps its text). */
export const opsHelpItemUpsertBody = deferred(() =>
  z.strictObject({
    app_key: appKeySchema,
    kind: z.enum(HELP_KINDS),
    slug: slugSchema,
    category: z.optional(z.enum(['', ...FAQ_CATEGORIES])),
    sort: z.optional(integer('Order within its list (lower first)', { min: 0, max: 10_000 })),
    video_url: z.optional(described(z.string().check(z.maxLength(2048), z.regex(/^(https:\/\/[^\s"'<>]+)?$/)), 'https address of a video ("" for none)')),
    texts: helpPerLocale,
  }),
);

export const opsHelpItemRemoveBody = deferred(() => z.strictObject({ app_key: appKeySchema, kind: z.enum(HELP_KINDS), slug: slugSchema }));

export const opsHelpFeedbackListBody = deferred(() =>
  z.strictObject({
    app_key: appKeySchema,
    before_id: z.optional(idSchema),
    limit: z.optional(integer('At most this many (default 50)', { min: 1, max: 200 })),
  }),
);
