import { PRODUCT_NAME } from '@streckenpass/contract/constants';
import { formatDate } from '@streckenpass/contract/format';
import { reminderLine } from '@streckenpass/contract/notifications';
import { plural } from '@streckenpass/contract/plural';
import { remainingLabel } from '@streckenpass/contract/status';
import { TERMS } from '@streckenpass/contract/terms';
import { escapeHtml, greeting, layout, button, table, type RenderedMail } from './layout.js';

/* The scheduled mails: the weekly report, the Disponent's coverage alert, the day's reminders. */

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
  /**
   * Requirements with fewer drivers whose knowledge holds beyond `until` than their minimum: their own (`own`, issue
   * 40) or `minDrivers`.
   */
  below: readonly { requirement: string; covered: number; drivers: number; own?: number | null }[];
  /** Knowledge of a requirement that ends by `until`, soonest first. */
  lapsing: readonly { driver: string; requirement: string; validUntil: string; days: number }[];
  /** Lapsing knowledge not listed (the mail names the soonest only). */
  moreLapsing: number;
  /** Drivers whose check of the infrastructure knowledge is due or overdue (issue 41), in the matrix's words. */
  dueChecks?: readonly { driver: string; label: string }[];
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
  const dueChecks = input.dueChecks ?? [];
  const checksTitle = `Fällige Überprüfungen der Streckenkenntnis (bis zum ${until}):`;
  const summary = [
    input.below.length > 0
      ? `${plural(input.below.length, 'Anforderung', 'Anforderungen')} unter ${input.minDrivers}`
      : '',
    lapsingTotal > 0 ? `${plural(lapsingTotal, 'Streckenkenntnis endet', 'Streckenkenntnisse enden')}` : '',
    dueChecks.length > 0 ? `${plural(dueChecks.length, 'Überprüfung fällig', 'Überprüfungen fällig')}` : '',
  ].filter(Boolean);
  const subject = `${PRODUCT_NAME}: Abdeckung ${input.betrieb}, ${weekLabel(input.isoWeek)} – ${summary.join(', ')}`;
  const intro =
    `Ihr wöchentlicher Hinweis zur Streckenkunde im Betrieb „${input.betrieb}“ (${weekLabel(input.isoWeek)}) für ` +
    `die nächsten ${plural(input.windowDays, 'Tag', 'Tage')}, bis zum ${until}.`;
  const ownMinimum = input.below.some((entry) => entry.own != null);
  const belowTitle = ownMinimum
    ? `Unter ihrem Minimum (ohne eigenes: ${drivers(input.minDrivers)}) über den ${until} hinaus streckenkundig:`
    : `Weniger als ${drivers(input.minDrivers)} über den ${until} hinaus streckenkundig:`;
  const belowNone = `Jede Anforderung hat mindestens ${drivers(input.minDrivers)}, die über den ${until} hinaus streckenkundig sind.`;
  const lapsingTitle = `Streckenkunde, die bis zum ${until} endet:`;
  const lapsingNone = `Bis zum ${until} endet keine Streckenkunde einer Anforderung.`;
  const more = input.moreLapsing > 0 ? `… und ${input.moreLapsing} weitere: alle in der Übersicht des Betriebs.` : '';
  const coverage = (entry: CoverageAlertMailInput['below'][number]) =>
    `${entry.covered} von ${drivers(entry.drivers)}${entry.own != null ? ` (Minimum ${entry.own})` : ''}`;
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
    ...(dueChecks.length > 0
      ? [checksTitle, ...dueChecks.map((entry) => `- ${entry.driver}: ${entry.label}`), '']
      : []),
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
${
  dueChecks.length > 0
    ? `<p><strong>${escapeHtml(checksTitle)}</strong></p>
${table(
  ['Fahrer/in', 'Überprüfung'],
  dueChecks.map((entry) => [{ text: entry.driver }, { text: entry.label }]),
)}`
    : ''
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
