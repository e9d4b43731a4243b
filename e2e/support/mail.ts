import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const MAIL_DIR = path.resolve(import.meta.dirname, '../.mail');

export interface Mail {
  to: string;
  subject: string;
  text: string;
  file: string;
}

/** Waits for a message to `to` received by the SMTP sink (optionally matching the subject). */
export async function waitForMail(
  to: string,
  subject?: RegExp,
  timeoutMs = 15_000,
  skip: string[] = [],
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort() : [];
    for (const file of files) {
      if (skip.includes(file)) continue;
      const parsed = await simpleParser(fs.readFileSync(path.join(MAIL_DIR, file)));
      const recipients = [parsed.to]
        .flat()
        .flatMap((a) => a?.value ?? [])
        .map((a) => a.address?.toLowerCase());
      if (recipients.includes(to.toLowerCase()) && (!subject || subject.test(parsed.subject ?? ''))) {
        return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', file };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export function linkIn(mail: Mail, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`).exec(mail.text);
  if (!match) throw new Error(`no link ${prefix} in ${mail.subject}`);
  return match[0];
}
