import { PRODUCT_NAME } from '@streckenpass/contract/constants';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function greeting(firstname: string | null): string {
  return firstname ? `Hallo ${firstname},` : 'Hallo,';
}

/** Wraps paragraphs in a small, mail-client-safe HTML layout. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#c92a2a">${PRODUCT_NAME}</p>
${bodyHtml}
<p style="margin:24px 0 0;font-size:12px;color:#868e96">Diese Nachricht wurde automatisch von ${PRODUCT_NAME} versendet.</p>
</div></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#c92a2a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#495057">Falls der Knopf nicht funktioniert, öffnen Sie diesen Link:<br><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;
}

export function verificationMail(input: { firstname: string | null; link: string }): RenderedMail {
  const subject = `${PRODUCT_NAME}: Bitte bestätigen Sie Ihre E-Mail-Adresse`;
  const text = [
    greeting(input.firstname),
    '',
    `bitte bestätigen Sie Ihre E-Mail-Adresse für ${PRODUCT_NAME}, damit Sie Erinnerungen und Wochenberichte erhalten:`,
    '',
    input.link,
    '',
    'Der Link ist 7 Tage gültig. Wenn Sie sich nicht registriert haben, können Sie diese Nachricht ignorieren.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstname))}</p>
<p>bitte bestätigen Sie Ihre E-Mail-Adresse für ${PRODUCT_NAME}, damit Sie Erinnerungen und Wochenberichte erhalten.</p>
${button(input.link, 'E-Mail-Adresse bestätigen')}
<p>Der Link ist 7 Tage gültig. Wenn Sie sich nicht registriert haben, können Sie diese Nachricht ignorieren.</p>`,
  );
  return { subject, text, html };
}

export function passwordResetMail(input: { firstname: string | null; link: string }): RenderedMail {
  const subject = `${PRODUCT_NAME}: Passwort zurücksetzen`;
  const text = [
    greeting(input.firstname),
    '',
    'Sie haben angefordert, Ihr Passwort zurückzusetzen. Über diesen Link vergeben Sie ein neues Passwort:',
    '',
    input.link,
    '',
    'Der Link ist 60 Minuten gültig und kann nur einmal verwendet werden.',
    'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstname))}</p>
<p>Sie haben angefordert, Ihr Passwort zurückzusetzen. Über den folgenden Knopf vergeben Sie ein neues Passwort.</p>
${button(input.link, 'Neues Passwort vergeben')}
<p>Der Link ist 60 Minuten gültig und kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.</p>`,
  );
  return { subject, text, html };
}
