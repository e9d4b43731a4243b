import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../lib/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Rejects header injection: a recipient or subject must be a single line. */
function singleLine(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error('header value must be a single line');
  return value;
}

/**
 * nodemailer is loaded on the first mail, not at start-up (about 50 ms of module loading that most starts never
 * need); the transport is created then too and reused.
 */
function lazyTransport(create: (nodemailer: typeof Nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((module) => create(module.default))),
    close: () => {
      void transport?.then((t) => t.close()).catch(() => {});
    },
  };
}

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: { info: (obj: object, msg: string) => void };
}): Mailer & { close(): void } {
  const envelope = (mail: OutgoingMail) => ({
    from: options.from,
    to: singleLine(mail.to),
    subject: singleLine(mail.subject),
    text: mail.text,
    html: mail.html,
    ...(mail.bcc ? { bcc: singleLine(mail.bcc) } : {}),
  });
  const smtpUrl = options.smtpUrl;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl, { from: options.from }));
    return {
      target: 'smtp',
      async send(mail) {
        const message = envelope(mail);
        await (await transport.get()).sendMail(message);
        options.log.info({ to: mail.to, subject: mail.subject, bcc: Boolean(mail.bcc) }, 'mail sent');
      },
      close: transport.close,
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return {
    target: outbox,
    async send(mail) {
      const message = envelope(mail);
      const info = await (await transport.get()).sendMail(message);
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
    close: transport.close,
  };
}

export default fp(
  async (app) => {
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      dataDir: app.config.dataDir,
      log: app.log,
    });
    app.decorate('mailer', app.metrics.countMails(mailer));
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['metrics'] },
);
