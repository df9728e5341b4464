import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { RouteDeps } from '../../plugins/route.ts';
import { googleIdTokenVerifier } from '../../providers/identity/google-id-token.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import { mailProviderNodemailer } from '../../providers/mail/mail-nodemailer.ts';
import { smsProviderOutbox } from '../../providers/sms/sms-outbox.ts';
import type { OutboxModule } from '../outbox/outbox.module.ts';
import { codeOutboxHandlers } from './account-code.service.ts';
import { accountRoutes } from './account.routes.ts';
import { devMailboxRoutes } from './dev-mailbox.routes.ts';

/**
 * Accounts: sign-up, sign-in and sessions, with the mail and SMS their codes go out by (outbox rows of the
 * transaction that made the code, decision 042), Google sign-in, and outside production the sandbox mailbox.
 * Returns the mail provider, closed at shutdown.
 */
export function accountModuleRegister(
  app: FastifyInstance,
  { config, deps, outbox, mail: mailOverride }: { config: AppConfig; deps: RouteDeps; outbox: OutboxModule; mail?: MailProvider },
): { mail: MailProvider } {
  const mail = mailOverride ?? mailProviderNodemailer({ smtpUrl: config.smtpUrl, fromAddress: config.mailFrom, db: deps.db, now: deps.now });
  const sms = smsProviderOutbox(deps.db, deps.now);
  Object.assign(outbox.handlers, codeOutboxHandlers({ mail, sms, now: deps.now }));
  const google = googleIdTokenVerifier({ jwksUrl: config.googleJwksUrl, jwksFile: config.googleJwksFile, now: deps.now });
  accountRoutes(app, {
    ...deps,
    mail,
    sms,
    outbox: outbox.deps,
    limits: config.authLimits,
    identity: { google },
    telegramBots: config.telegramBots,
    opsToken: config.opsToken,
  });
  if (!config.production) devMailboxRoutes(app, deps.db);
  return { mail };
}
