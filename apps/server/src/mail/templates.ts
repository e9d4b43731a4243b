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

const CELL = 'padding:6px 8px;border-bottom:1px solid #dee2e6;text-align:left;vertical-align:top';

/** A table of plain-text cells (escaped here), each with an optional style of its own. */
function table(headers: readonly string[], rows: readonly { text: string; style?: string }[][]): string {
  const body = rows
    .map(
      (cells) =>
        `<tr>\n${cells.map((c) => `<td style="${CELL}${c.style ? `;${c.style}` : ''}">${escapeHtml(c.text)}</td>`).join('\n')}\n</tr>`,
    )
    .join('\n');
  return `<table style="border-collapse:collapse;width:100%;font-size:14px">
<thead><tr>
${headers.map((header) => `<th style="${CELL}">${escapeHtml(header)}</th>`).join('')}
</tr></thead>
<tbody>
${body}
</tbody>
</table>`;
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

  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstname))}</p>
<p>Ihr Wochenbericht für ${escapeHtml(weekLabel(input.isoWeek))}: ${escapeHtml(intro)}</p>
${table(
  [TERMS.route, TERMS.companyRoute, TERMS.validUntil, 'Status'],
  input.entries.map((entry) => [
    { text: entry.name },
    { text: entry.companyRoute ?? '–' },
    { text: formatDate(entry.acquiredUntil), style: 'white-space:nowrap' },
    { text: remainingLabel(entry.days), style: `color:${entry.days < 0 ? '#c92a2a' : '#1a1b1e'}` },
  ]),
)}
${button(input.dashboardUrl, 'Zum Dashboard')}
<p style="font-size:12px;color:#495057">Sie erhalten diesen Bericht, weil Sie wöchentliche Berichte bestellt haben. Abbestellen können Sie ihn in den <a href="${escapeHtml(input.settingsUrl)}">Einstellungen</a>.</p>`,
  );
  return { subject, text, html };
}

export interface CoverageAlertMailInput {
  firstname: string | null;
  betrieb: string;
  isoWeek: string;
  windowDays: number;
  /** The window's last day, `YYYY-MM-DD`: knowledge valid after it counts. */
  until: string;
  minDrivers: number;
  /** Requirements with fewer than `minDrivers` drivers whose knowledge holds beyond `until`. */
  below: readonly { requirement: string; covered: number; drivers: number }[];
  /** Knowledge of a requirement that ends by `until`, soonest first. */
  lapsing: readonly { driver: string; requirement: string; validUntil: string; days: number }[];
  /** Lapsing knowledge not listed (the mail names the soonest only). */
  moreLapsing: number;
  betriebUrl: string;
}

/**
 * The Disponent's weekly coverage mail (issue 28 item 5, decision 0046 addendum): the requirements of a Betrieb with
 * fewer than the chosen number of drivers beyond the window, and the drivers whose knowledge of a requirement ends
 * within it. Names and dates only: nothing else of a driver's record.
 */
export function coverageAlertMail(input: CoverageAlertMailInput): RenderedMail {
  const until = formatDate(input.until);
  const drivers = (count: number) => plural(count, 'Fahrer/in', 'Fahrer/innen');
  const lapsingTotal = input.lapsing.length + input.moreLapsing;
  const summary = [
    input.below.length > 0
      ? `${plural(input.below.length, 'Anforderung', 'Anforderungen')} unter ${input.minDrivers}`
      : '',
    lapsingTotal > 0 ? `${plural(lapsingTotal, 'Streckenkenntnis endet', 'Streckenkenntnisse enden')}` : '',
  ].filter(Boolean);
  const subject = `${PRODUCT_NAME}: Abdeckung ${input.betrieb}, ${weekLabel(input.isoWeek)} – ${summary.join(', ')}`;
  const intro =
    `Ihr wöchentlicher Hinweis zur Streckenkunde im Betrieb „${input.betrieb}“ (${weekLabel(input.isoWeek)}) für ` +
    `die nächsten ${plural(input.windowDays, 'Tag', 'Tage')}, bis zum ${until}.`;
  const belowTitle = `Weniger als ${drivers(input.minDrivers)} über den ${until} hinaus streckenkundig:`;
  const belowNone = `Jede Anforderung hat mindestens ${drivers(input.minDrivers)}, die über den ${until} hinaus streckenkundig sind.`;
  const lapsingTitle = `Streckenkunde, die bis zum ${until} endet:`;
  const lapsingNone = `Bis zum ${until} endet keine Streckenkunde einer Anforderung.`;
  const more = input.moreLapsing > 0 ? `… und ${input.moreLapsing} weitere: alle in der Übersicht des Betriebs.` : '';
  const coverage = (entry: CoverageAlertMailInput['below'][number]) => `${entry.covered} von ${drivers(entry.drivers)}`;
  const validity = (entry: CoverageAlertMailInput['lapsing'][number]) =>
    `gültig bis ${formatDate(entry.validUntil)}, ${remainingLabel(entry.days)}`;
  const footer =
    `Sie erhalten diesen Hinweis, weil Sie ihn für den Betrieb „${input.betrieb}“ bestellt haben (ab weniger als ` +
    `${drivers(input.minDrivers)}). Ändern oder abbestellen können Sie ihn auf der Seite des Betriebs:`;

  const text = [
    greeting(input.firstname),
    '',
    intro,
    '',
    ...(input.below.length > 0
      ? [belowTitle, ...input.below.map((entry) => `- ${entry.requirement}: ${coverage(entry)}`)]
      : [belowNone]),
    '',
    ...(input.lapsing.length > 0
      ? [
          lapsingTitle,
          ...input.lapsing.map((entry) => `- ${entry.driver}, ${entry.requirement}: ${validity(entry)}`),
          ...(more ? [more] : []),
        ]
      : [lapsingNone]),
    '',
    'Zum Betrieb:',
    input.betriebUrl,
    '',
    `${footer} ${input.betriebUrl}`,
  ].join('\n');

  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstname))}</p>
<p>${escapeHtml(intro)}</p>
${
  input.below.length > 0
    ? `<p><strong>${escapeHtml(belowTitle)}</strong></p>
${table(
  ['Anforderung', 'Streckenkundig'],
  input.below.map((entry) => [
    { text: entry.requirement },
    { text: coverage(entry), style: `white-space:nowrap;color:${entry.covered === 0 ? '#c92a2a' : '#1a1b1e'}` },
  ]),
)}`
    : `<p>${escapeHtml(belowNone)}</p>`
}
${
  input.lapsing.length > 0
    ? `<p><strong>${escapeHtml(lapsingTitle)}</strong></p>
${table(
  ['Fahrer/in', 'Anforderung', TERMS.validUntil, 'Status'],
  input.lapsing.map((entry) => [
    { text: entry.driver },
    { text: entry.requirement },
    { text: formatDate(entry.validUntil), style: 'white-space:nowrap' },
    { text: remainingLabel(entry.days) },
  ]),
)}${more ? `\n<p>${escapeHtml(more)}</p>` : ''}`
    : `<p>${escapeHtml(lapsingNone)}</p>`
}
${button(input.betriebUrl, 'Zum Betrieb')}
<p style="font-size:12px;color:#495057">${escapeHtml(footer)} <a href="${escapeHtml(input.betriebUrl)}">${escapeHtml(input.betriebUrl)}</a></p>`,
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
