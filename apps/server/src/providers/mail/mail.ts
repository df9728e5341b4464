/** One e-mail to one person. `fromName` is the brand's name; the address comes from the provider's configuration. */
export interface MailMessage {
  appKey: string;
  fromName: string;
  /** The brand's own sender address, used when the operator set none (MAIL_FROM). */
  fromAddressDefault: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. The SMTP implementation talks to a real server; the sandbox one keeps mail in an outbox table. */
export interface MailProvider {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
