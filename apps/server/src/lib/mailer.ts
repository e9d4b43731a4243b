/** What the app sends and through what: the types of plugins/mail.ts, shared with the jobs and services. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  bcc?: string | undefined;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes: 'smtp' or the outbox directory. */
  readonly target: string;
}
