import { PRODUCT_NAME } from '@streckenpass/contract/constants';
import { escapeHtml, greeting, layout, button, paragraphsMail, type RenderedMail } from './layout.js';

/* The mails of an account: address verification, password reset and change, deletion. */

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

export function accountDeletedMail(input: { firstname: string | null; legalUrl: string }): RenderedMail {
  const subject = `${PRODUCT_NAME}: Ihr Konto wurde gelöscht`;
  const lines = [
    'Ihr Konto und alle dazugehörigen Daten (Strecken, Touren, Fahrzeuge, Fahrten, Freigabe-Links, Einstellungen) ' +
      'wurden soeben gelöscht. Alle Anmeldungen sind beendet, Freigabe-Links öffnen nicht mehr.',
    'Wenn Sie das nicht selbst veranlasst haben, wenden Sie sich bitte an den Betreiber dieser Installation ' +
      `(Kontakt im Impressum: ${input.legalUrl}). Auf diese E-Mail kann nicht geantwortet werden.`,
  ];
  return paragraphsMail(subject, input.firstname, lines);
}

/**
 * "Ihr Passwort wurde geändert": after a change in the account and after a reset by link, so that a driver whose
 * password was changed by someone else learns it at once and can take the account back.
 */
export function passwordChangedMail(input: { firstname: string | null; when: string; startUrl: string }): RenderedMail {
  const subject = `${PRODUCT_NAME}: Ihr Passwort wurde geändert`;
  const lines = [
    `das Passwort Ihres Kontos bei ${PRODUCT_NAME} wurde am ${input.when} geändert.`,
    'Wenn Sie das selbst waren, ist nichts weiter zu tun.',
    'Wenn nicht: Setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ auf der Startseite zurück ' +
      `(${input.startUrl}). Damit enden alle Anmeldungen, auch die eines anderen.`,
  ];
  return paragraphsMail(subject, input.firstname, lines);
}
