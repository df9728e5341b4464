import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { MailMessage, MailProvider } from './mail.ts';

export interface MailNodemailerOptions {
  /** smtp://user:pass@host:587 or smtps://…; unset keeps every mail in the outbox table. */
  smtpUrl: string | undefined;
  /** Sender address for every brand; unset uses each brand's no-reply address. */
  fromAddress: string | undefined;
  db: Db;
  now: () => Date;
}

/**
 * Mail through nodemailer. With SMTP_URL it delivers to that server. Without it the message is still built by
 * nodemailer (so what a person reads at /dev/mailbox is what SMTP would have carried) and stored in mail_outbox.
 */
export function mailProviderNodemailer(options: MailNodemailerOptions): MailProvider {
  // nodemailer is loaded, and the transport made, when the first mail is sent: a start parses less (decision 103).
  let transport: Promise<Transporter> | undefined;
  const transportMake = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };
  const addressOf = (message: MailMessage) => options.fromAddress ?? message.fromAddressDefault;
  return {
    kind: options.smtpUrl ? 'smtp' : 'outbox',
    async send(message) {
      const from = { name: message.fromName, address: addressOf(message) };
      transport ??= transportMake();
      await (await transport).sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      if (options.smtpUrl) return;
      await options.db.insert(mailOutbox).values({
        appKey: message.appKey,
        fromAddress: from.address,
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        createdAt: options.now(),
      });
    },
    async close() {
      // A transport that was never made (or could not be) has nothing to close.
      await transport?.then(
        (made) => made.close(),
        () => undefined,
      );
    },
  };
}
