import { PRODUCT_NAME } from '@streckenpass/contract/constants';
import { formatDate } from '@streckenpass/contract/format';
import { reminderLine } from '@streckenpass/contract/notifications';
import { plural } from '@streckenpass/contract/plural';
import { remainingLabel } from '@streckenpass/contract/status';
import { TERMS } from '@streckenpass/contract/terms';

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

/** A mail of plain paragraphs after the greeting, as text and as HTML. */
function paragraphsMail(subject: string, firstname: string | null, lines: string[]): RenderedMail {
  const text = [greeting(firstname), '', ...lines].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(firstname))}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}`,
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

export interface WeeklyReportEntry {
  name: string;
  companyRoute: string | null;
  /** Last valid day, `YYYY-MM-DD`. */
  acquiredUntil: string;
  /** Days from today until `acquiredUntil`: 0 = last valid day, negative = expired. */
  days: number;
}

/** '2026-W47' → 'KW 47/2026'. */
function weekLabel(isoWeek: string): string {
  const match = /^(\d{4})-W(\d{2})$/.exec(isoWeek);
  return match ? `KW ${Number(match[2])}/${match[1]}` : isoWeek;
}

/**
 * The weekly report: the routes whose knowledge has expired or expires within `windowDays`, in the order given
 * (most urgent first), with a link to the dashboard and one to the settings where the report is cancelled.
 */
export function weeklyReportMail(input: {
  firstname: string | null;
  isoWeek: string;
  windowDays: number;
  entries: readonly WeeklyReportEntry[];
  dashboardUrl: string;
  settingsUrl: string;
}): RenderedMail {
  const routes = plural(input.entries.length, 'Strecke', 'Strecken');
  const expired = input.entries.filter((entry) => entry.days < 0).length;
  const subject = `${PRODUCT_NAME}: Wochenbericht ${weekLabel(input.isoWeek)} – ${routes} ${
    expired > 0 ? 'abgelaufen oder bald fällig' : 'bald fällig'
  }`;
  const intro = `bei ${routes} ist Ihre Streckenkunde abgelaufen oder läuft in den nächsten ${plural(
    input.windowDays,
    'Tag',
    'Tagen',
  )} ab:`;
  const footer = `Sie erhalten diesen Bericht, weil Sie wöchentliche Berichte bestellt haben. Abbestellen können Sie ihn in den Einstellungen: ${input.settingsUrl}`;

  const text = [
    greeting(input.firstname),
    '',
    `Ihr Wochenbericht für ${weekLabel(input.isoWeek)}: ${intro}`,
    '',
    ...input.entries.map(
      (entry) =>
        `- ${entry.name}${entry.companyRoute ? ` (${entry.companyRoute})` : ''}: gültig bis ${formatDate(
          entry.acquiredUntil,
        )}, ${remainingLabel(entry.days)}`,
    ),
    '',
    'Zur Übersicht in Ihrem Dashboard:',
    input.dashboardUrl,
    '',
    footer,
  ].join('\n');

  const cell = 'padding:6px 8px;border-bottom:1px solid #dee2e6;text-align:left;vertical-align:top';
  const rows = input.entries
    .map(
      (entry) => `<tr>
<td style="${cell}">${escapeHtml(entry.name)}</td>
<td style="${cell}">${entry.companyRoute ? escapeHtml(entry.companyRoute) : '–'}</td>
<td style="${cell};white-space:nowrap">${formatDate(entry.acquiredUntil)}</td>
<td style="${cell};color:${entry.days < 0 ? '#c92a2a' : '#1a1b1e'}">${escapeHtml(remainingLabel(entry.days))}</td>
</tr>`,
    )
    .join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstname))}</p>
<p>Ihr Wochenbericht für ${escapeHtml(weekLabel(input.isoWeek))}: ${escapeHtml(intro)}</p>
<table style="border-collapse:collapse;width:100%;font-size:14px">
<thead><tr>
<th style="${cell}">${TERMS.route}</th><th style="${cell}">${TERMS.companyRoute}</th><th style="${cell}">${TERMS.validUntil}</th><th style="${cell}">Status</th>
</tr></thead>
<tbody>
${rows}
</tbody>
</table>
${button(input.dashboardUrl, 'Zum Dashboard')}
<p style="font-size:12px;color:#495057">Sie erhalten diesen Bericht, weil Sie wöchentliche Berichte bestellt haben. Abbestellen können Sie ihn in den <a href="${escapeHtml(input.settingsUrl)}">Einstellungen</a>.</p>`,
  );
  return { subject, text, html };
}

export interface ReminderMailEntry {
  name: string;
  companyRoute: string | null;
  validUntil: string;
  days: number;
  /** The reminder's day was missed (the server was down): it comes late. */
  late: boolean;
}

/** The day's reminders of one user in one mail (docs/decisions/0021). */
export function reminderMail(input: {
  firstname: string | null;
  entries: readonly ReminderMailEntry[];
  dashboardUrl: string;
  settingsUrl: string;
  test?: boolean;
}): RenderedMail {
  const count = input.entries.length;
  const first = input.entries[0];
  const subject = input.test
    ? `${PRODUCT_NAME}: Test-Benachrichtigung`
    : count === 1 && first
      ? `${PRODUCT_NAME}: Erinnerung – ${reminderLine(first.name, first.days)}`
      : `${PRODUCT_NAME}: Erinnerung – Streckenkunde von ${plural(count, 'Strecke', 'Strecken')} läuft ab`;
  const line = (entry: ReminderMailEntry) =>
    `${entry.name}${entry.companyRoute ? ` (${entry.companyRoute})` : ''}: gültig bis ${formatDate(
      entry.validUntil,
    )}, ${remainingLabel(entry.days)}${entry.late ? ' (verspätete Erinnerung)' : ''}`;
  const intro = input.test
    ? 'dies ist eine Test-Benachrichtigung. So sehen Ihre Erinnerungen per E-Mail aus.'
    : count === 1
      ? 'die Streckenkunde dieser Strecke läuft bald ab:'
      : `die Streckenkunde dieser ${plural(count, 'Strecke', 'Strecken')} läuft bald ab:`;
  const footer = `Erinnerungszeitpunkte und Kanäle ändern Sie unter „Erinnerungen & Kalender“: ${input.settingsUrl}`;
  const text = [
    greeting(input.firstname),
    '',
    intro,
    '',
    ...input.entries.map((entry) => `- ${line(entry)}`),
    '',
    'Fahrt erfassen und Übersicht:',
    input.dashboardUrl,
    '',
    footer,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstname))}</p>
<p>${escapeHtml(intro)}</p>
<ul>
${input.entries.map((entry) => `<li>${escapeHtml(line(entry))}</li>`).join('\n')}
</ul>
${button(input.dashboardUrl, 'Zum Dashboard')}
<p style="font-size:12px;color:#495057">${escapeHtml(footer)}</p>`,
  );
  return { subject, text, html };
}
