import type { FastifyBaseLogger } from 'fastify';

/** What a message is for; the demo mailbox shows it as the message's type. */
export type MailKind = 'CONFIRM_KEY_LOGIN' | 'BOOK_INVITATION';

/** A message to a person at their email address, asking them to open a link. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  /** The link the message asks its reader to open: a secret for that reader alone. */
  link: string;
}

/**
 * Sends messages to people (docs/sign-in.md#mail). Demo mode keeps them in the demo mailbox;
 * a production deployment passes its own implementation to buildApp (an SMTP or HTTP mail
 * service). `send` is awaited by nobody on a request's path: how long a mail service takes
 * must not tell a caller whether a message was sent.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailSettings {
  mailer: Mailer;
  /** The mailbox GET /api/demo/mailbox lists, when the mailer is the demo one. */
  demoMailbox: DemoMailbox | null;
  /** Origin put before links (PUBLIC_URL); empty makes them relative to this server. */
  publicUrl: string;
}

export interface StoredMessage extends MailMessage {
  sentAt: Date;
}

/** Demo mode's mailer: keeps the latest messages in memory for GET /api/demo/mailbox. */
export class DemoMailbox implements Mailer {
  private readonly messages: StoredMessage[] = [];

  constructor(private readonly capacity = 200) {}

  send(message: MailMessage): Promise<void> {
    this.messages.push({ ...message, sentAt: new Date() });
    if (this.messages.length > this.capacity) this.messages.shift();
    return Promise.resolve();
  }

  /** Newest first; only those to `email` when given. */
  list(email?: string): StoredMessage[] {
    const wanted = email?.trim().toLowerCase();
    return this.messages.filter((message) => !wanted || message.to === wanted).reverse();
  }
}

/**
 * What runs when no mailer is configured outside demo mode: nothing is sent, and a warning says
 * so (without the link, which is a secret). Such messages can never be acted on.
 */
export function unconfiguredMailer(log: FastifyBaseLogger): Mailer {
  return {
    send(message) {
      log.warn(
        { kind: message.kind },
        'No mail sender is configured: a message to a person was not sent (docs/sign-in.md#mail)',
      );
      return Promise.resolve();
    },
  };
}

/** Sends without making the caller wait, logging a failure instead of surfacing it. */
export function sendInBackground(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger) {
  mailer.send(message).catch((error: unknown) => {
    log.error({ err: error, kind: message.kind }, 'sending a message failed');
  });
}
