import { LOCALES } from '@piranha/domain';
import { TAB_KEYS } from '@piranha/contract';
import * as z from 'zod';

/** What an operator sends to post a tab prompt (POST /api/ops/tab-prompt, behind OPS_TOKEN). Times in Unix seconds. */
export const opsTabPromptBody = z
  .object({
    app_key: z.string().regex(/^[a-z0-9_-]{1,32}$/),
    tab_key: z.enum(TAB_KEYS),
    texts: z.partialRecord(z.enum(LOCALES), z.string().min(1).max(80)).refine((texts) => Object.keys(texts).length > 0, { message: 'at least one language' }),
    starts_at: z.number().int().positive().optional(),
    ends_at: z.number().int().positive().optional(),
  })
  .strict();

/** What an operator sends to publish a new version of a brand's terms (POST /api/ops/terms-version, behind OPS_TOKEN). */
export const opsTermsVersionBody = z
  .object({
    app_key: z.string().regex(/^[a-z0-9_-]{1,32}$/),
    version: z.string().regex(/^[\w.-]{1,32}$/),
  })
  .strict();
