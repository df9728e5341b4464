/** Sends text messages. A real gateway plugs in behind this; the sandbox keeps messages in an outbox table. */
export interface SmsProvider {
  readonly kind: 'gateway' | 'outbox';
  send(message: { appKey: string; to: string; text: string }): Promise<void>;
}
