import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * The message centre and the top carousel bar (spec §3 Message, §4 Top bar, §7 Messages; issue 21, decision 028).
 * Times are Unix seconds. `message_type` 1 is a message-centre message, 2 also shows in the top bar.
 * 3 also opens as a pop-up in the pop-up stack (`GET /api/v1/conf/popup`) until the player reads it.
 * `content_type` 1 plain text, 2 rich text (HTML the server sanitized), 3 an image (`icons[0]`) with optional text.
 */
const MESSAGE = '/api/piranha/message';
const noBody = described(z.undefined(), 'No body');
const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const flag = (description: string) => described(z.union([z.literal(0), z.literal(1)]), description);
const idSchema = deferred(() => described(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), 'Message id (a positive integer as a string)'));

export const messageButtonSchema = deferred(() =>
  z.object({
    btn_text: described(z.string(), 'Label in the reader’s language'),
    link: described(z.string(), 'Where it leads: an in-app path (/deposit) or an https address (opens outside)'),
  }),
);

export const messageSchema = deferred(() =>
  z.object({
    message_id: described(z.string(), 'Message id'),
    message_type: described(z.union([z.literal(1), z.literal(2), z.literal(3)]), '1 message centre; 2 also the top bar; 3 also a pop-up until read'),
    content_type: described(z.union([z.literal(1), z.literal(2), z.literal(3)]), '1 text, 2 rich text (sanitized HTML), 3 image'),
    message_content: z.object({
      title: described(z.string(), 'Title in the reader’s language'),
      content: described(z.string(), 'Body in the reader’s language: plain text, or sanitized HTML when content_type is 2'),
      buttons: z.array(messageButtonSchema),
      icons: described(z.array(z.string()), 'https image addresses; the first is the top bar’s icon'),
      content_id: described(z.string(), 'The id the detail page opens (/message-detail?id=)'),
      btn_text: described(z.string(), 'The top bar’s button label (the first button; "" when none)'),
      btn_bk_image: described(z.string(), 'https background image of the top bar’s button ("" when none)'),
    }),
    turn_time: integer('Seconds the top bar shows it before turning to the next', { min: 1 }),
    left_time: integer('Seconds until it expires (0: it does not)', { min: 0 }),
    create_time: integer('When it was published'),
    readed: flag('1 once the player has read it'),
    is_h5: flag('1: the body opens as a page of its own (the detail page)'),
    lca_coun: described(z.string(), 'The country it is meant for ("" for every country)'),
    allow_close: flag('1: the top bar shows a close icon for it'),
  }),
);

/**
 * `list/get`: the player's messages, unread first then newest, by cursor. `have_read` narrows to read (1) or unread
 * (0); `message_type` 2 asks for the top bar's messages only (answered empty while the bar is closed).
 */
export const messageList = endpoint(() => ({
  method: 'GET',
  path: `${MESSAGE}/list/get`,
  host: 'main',
  auth: 'user',
  // Polled every 15 s (top bar): answers carry an ETag, and the typed client's If-None-Match gets an empty 304.
  revalidate: true,
  query: z.object({
    have_read: z.optional(described(z.enum(['0', '1']), '0 unread only, 1 read only; absent: both')),
    message_type: z.optional(described(z.enum(['1', '2']), '2: the top bar’s messages only')),
    cursor: z.optional(described(z.string().check(z.regex(/^[0-9]{1,4}$/)), 'Cursor from the previous page')),
  }),
  body: noBody,
  data: z.object({
    top_bar_closed: flag('1 while the player has closed the top bar (24 h)'),
    message_list: z.array(messageSchema),
    unread_count: integer('Unread messages in all', { min: 0 }),
    cursor: described(z.string(), 'Pass to get the next page ("" when none)'),
    has_more: flag('1 when another page exists'),
  }),
}));

/** `get`: one message (the detail page). Another player's or another brand's message is not found. */
export const messageGet = endpoint(() => ({
  method: 'GET',
  path: `${MESSAGE}/get`,
  host: 'main',
  auth: 'user',
  query: z.object({ message_id: idSchema }),
  body: noBody,
  data: messageSchema,
}));

/** `user/read_batch`: marks the listed messages read, or all of them with `all=1` (read-all). */
export const messageReadBatch = endpoint(() => ({
  method: 'POST',
  path: `${MESSAGE}/user/read_batch`,
  host: 'main',
  auth: 'user',
  query: z.object({
    message_ids: z.optional(described(z.string().check(z.regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,49}$/)), 'Up to 50 ids, comma separated')),
    all: z.optional(described(z.enum(['1']), '1: every message of the player')),
  }),
  body: z.strictObject({}),
  data: z.object({
    read: integer('Messages newly marked read', { min: 0 }),
    unread_count: integer('Unread messages left', { min: 0 }),
  }),
}));

/** `top_bar/close`: closes the top bar for 24 h (spec §9). Refused when no message of the bar allows closing. */
export const messageTopBarClose = endpoint(() => ({
  method: 'GET',
  path: `${MESSAGE}/top_bar/close`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    top_bar_closed: z.literal(1),
    reopen_time: integer('When the bar shows again'),
  }),
}));

/** `unread/count`: the badge on the header. */
export const messageUnreadCount = endpoint(() => ({
  method: 'GET',
  path: `${MESSAGE}/unread/count`,
  host: 'main',
  auth: 'user',
  revalidate: true,
  query: noQuery,
  body: noBody,
  data: z.object({ count: integer('Unread messages', { min: 0 }) }),
}));

// --- Operators (behind OPS_TOKEN) ------------------------------------------------------------------------

const localeTextSchema = deferred(() =>
  z.strictObject({
    title: text(120, 'Title'),
    content: text(20_000, 'Body: plain text, or HTML (sanitized to an allow-list) when content_type is 2'),
  }),
);

const LOCALE_KEYS = ['en-US', 'es-MX', 'pt-BR', 'ru-RU', 'vm-VI', 'vm-TH', 'zh-CN', 'ms-MY'] as const;
const perLocale = <T extends z.ZodMiniType>(schema: T) =>
  z.strictObject({
    'en-US': schema,
    'es-MX': z.optional(schema),
    'pt-BR': z.optional(schema),
    'ru-RU': z.optional(schema),
    'vm-VI': z.optional(schema),
    'vm-TH': z.optional(schema),
    'zh-CN': z.optional(schema),
    'ms-MY': z.optional(schema),
  });
export const MESSAGE_LOCALES = LOCALE_KEYS;

const httpsUrl = deferred(() => described(z.string().check(z.maxLength(2048), z.regex(/^https:\/\/[^\s"'<>]+$/)), 'An https address'));

/** The brand an operator's message or push is for. */
export const brandKeySchema = deferred(() => described(z.string().check(z.regex(/^[a-z0-9]{2,32}$/)), 'The brand'));

/** Who an operator's message or push reaches: the whole brand, a segment of it, or one player. */
export const messageAudienceSchema = deferred(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('brand') }),
    z.strictObject({
      kind: z.literal('segment'),
      currencies: z.optional(z.array(described(z.string().check(z.regex(/^[A-Z]{3,5}$/)), 'Currency the player holds')).check(z.maxLength(20))),
      langs: z.optional(z.array(z.enum(LOCALE_KEYS)).check(z.maxLength(8))),
      countries: z.optional(z.array(described(z.string().check(z.regex(/^[A-Z]{2}$/)), 'Country code the client reports')).check(z.maxLength(50))),
      registered_only: z.optional(z.boolean()),
    }),
    z.strictObject({ kind: z.literal('player'), uid: integer('The player', { min: 1 }) }),
  ]),
);

export const opsMessagePublishBody = deferred(() =>
  z.strictObject({
    app_key: brandKeySchema,
    audience: messageAudienceSchema,
    message_type: described(z.union([z.literal(1), z.literal(2), z.literal(3)]), '1 message centre; 2 also the top bar; 3 also a pop-up until read'),
    popup_level: z.optional(described(z.number().check(z.gte(-2), z.lte(10)), 'A pop-up’s place in the pop-up stack, -2 to 10, higher first (default 1)')),
    content_type: described(z.union([z.literal(1), z.literal(2), z.literal(3)]), '1 text, 2 rich text, 3 image'),
    texts: perLocale(localeTextSchema),
    buttons: z.optional(
      z
        .array(
          z.strictObject({
            text: perLocale(text(40, 'Label')),
            link: described(z.string().check(z.maxLength(2048)), 'An in-app path (/deposit) or an https address'),
          }),
        )
        .check(z.maxLength(3)),
    ),
    icons: z.optional(z.array(httpsUrl).check(z.maxLength(5))),
    btn_bk_image: z.optional(httpsUrl),
    turn_time: z.optional(integer('Seconds in the top bar before it turns (default 5)', { min: 1, max: 60 })),
    expire_time: z.optional(integer('Unix seconds it stops showing', { min: 1 })),
    allow_close: z.optional(flag('1: the top bar may be closed (default 1)')),
    is_h5: z.optional(flag('1: opens as a page of its own')),
  }),
);

export const opsMessageWithdrawBody = deferred(() => z.strictObject({ message_id: idSchema }));
