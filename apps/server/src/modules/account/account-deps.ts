import type { Locale, VariantProfile } from '@piranha/domain';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import type { OutboxDeps } from '../outbox/outbox.service.ts';
import type { AuthLimits } from './account-throttle.ts';

/** What the account services work with; tests build the real ones over their own database and clock. */
export interface AccountDeps {
  db: Db;
  now: () => Date;
  mail: MailProvider;
  sms: SmsProvider;
  /** Code mails and texts are outbox rows written with the code (decision 042). */
  outbox: OutboxDeps;
  limits: AuthLimits;
}

/** Who is asking: the brand and language of the request, the client address, and the signed-in user if any. */
export interface Caller {
  variant: VariantProfile;
  locale: Locale;
  ip: string;
  user: SessionUser | undefined;
  /** The device id the client sent (common parameter smid): names a device, proves nothing. */
  smid?: string | undefined;
}
