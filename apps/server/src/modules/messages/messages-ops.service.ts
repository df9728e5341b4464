import { realtimeTopic, type opsMessagePublishBody, type opsMessageWithdrawBody } from '@piranha/contract';
import type * as z from 'zod/mini';
import { htmlSanitize, safeUrl, variantFindByKey } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { MessageLocaleText } from '../../db/schema/index.ts';
import { messageInsert, messageWithdraw, userBrandOf } from './messages.repository.ts';
import type { MessagesDeps } from './messages.service.ts';

/** Operator actions on messages (behind OPS_TOKEN): publish to a brand, a segment or a player; withdraw. */

/** Spec §9 carousel: a top-bar message turns after 5 s unless the operator says otherwise. */
const TURN_TIME_DEFAULT_S = 5;

/** A button leads inside the app (a path) or to an https address; nothing else survives. */
function buttonLinkOf(link: string, index: number): string {
  const safe = safeUrl(link);
  if (safe === undefined || !(safe.startsWith('/') || safe.startsWith('https://')))
    throw new AppError('VALIDATION_FAILED', { field: `buttons.${index}.link`, issue: 'unsafe_link' });
  return safe;
}

export async function opsMessagePublish(deps: MessagesDeps, body: z.output<typeof opsMessagePublishBody>) {
  if (!variantFindByKey(body.app_key)) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  const audience = body.audience;
  if (audience.kind === 'player' && (await userBrandOf(deps.db, audience.uid)) !== body.app_key)
    throw new AppError('VALIDATION_FAILED', { field: 'audience.uid', issue: 'not_a_player_of_this_brand' });
  if (body.content_type === 3 && (body.icons ?? []).length === 0) throw new AppError('VALIDATION_FAILED', { field: 'icons', issue: 'required_for_image' });
  const now = deps.now();
  if (body.expire_time !== undefined && body.expire_time * 1000 <= now.getTime())
    throw new AppError('VALIDATION_FAILED', { field: 'expire_time', issue: 'in_the_past' });

  // Rich text keeps only the allow-list; plain text is stored as written and always shown as text.
  const texts: Record<string, MessageLocaleText> = {};
  for (const [locale, text] of Object.entries(body.texts)) {
    if (text === undefined) continue;
    texts[locale] = { title: text.title, content: body.content_type === 2 ? htmlSanitize(text.content) : text.content };
  }
  const buttons = (body.buttons ?? []).map((button, index) => ({
    text: Object.fromEntries(Object.entries(button.text).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    link: buttonLinkOf(button.link, index),
  }));
  const id = await messageInsert(deps.db, {
    appKey: body.app_key,
    audience: audience.kind,
    segment:
      audience.kind === 'segment'
        ? {
            currencies: audience.currencies ?? [],
            langs: audience.langs ?? [],
            countries: audience.countries ?? [],
            registered_only: audience.registered_only ?? false,
          }
        : null,
    userId: audience.kind === 'player' ? audience.uid : null,
    messageType: body.message_type,
    contentType: body.content_type,
    texts,
    buttons,
    icons: body.icons ?? [],
    btnBkImage: body.btn_bk_image ?? '',
    turnTime: body.turn_time ?? TURN_TIME_DEFAULT_S,
    allowClose: (body.allow_close ?? 1) === 1,
    isH5: body.is_h5 === 1,
    popupLevel: body.popup_level ?? 1,
    createdAt: now,
    expiresAt: body.expire_time === undefined ? null : new Date(body.expire_time * 1000),
  });
  // This node's next poll sees it at once; other nodes within the cache's bound (messages-cache.ts).
  if (audience.kind === 'player') deps.cache?.playerForget(audience.uid);
  else deps.cache?.brandForget(body.app_key);
  // The pages of its audience hear of it now (decision 036); a segment message goes to the whole brand's pages, whose
  // next read shows it to those it targets only (the event names the message, never its text).
  if (deps.realtime && id !== undefined) {
    const topic = audience.kind === 'player' ? realtimeTopic.player(audience.uid) : realtimeTopic.brand(body.app_key);
    deps.realtime.publish(topic, { type: 'message_new', message_id: String(id), message_type: body.message_type });
    // Spec §4: a pop-up message opens now as a normal pop-up in the stack.
    if (body.message_type === 3) deps.realtime.publish(topic, { type: 'lucky_rounds', message_id: String(id) });
  }
  return { message_id: String(id), status: 'published' as const };
}

export async function opsMessageWithdraw(deps: MessagesDeps, body: z.output<typeof opsMessageWithdrawBody>) {
  const withdrawn = await messageWithdraw(deps.db, Number(body.message_id), deps.now());
  if (!withdrawn) throw new AppError('MESSAGE_NOT_FOUND', { field: 'message_id' });
  if (withdrawn.userId !== null) deps.cache?.playerForget(withdrawn.userId);
  else deps.cache?.brandForget(withdrawn.appKey);
  return { message_id: body.message_id, status: 'withdrawn' as const };
}
