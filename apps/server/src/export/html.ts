import { PRODUCT_NAME } from '@streckenpass/contract/constants';
import { escapeHtml } from '../mail/layout.js';
import { formatDate } from '@streckenpass/contract/format';
import { UNRECORDED_LABEL } from '@streckenpass/contract/status';
import { accountRuleLabel, TERMS } from '@streckenpass/contract/terms';
import { fullName, routeEnds, routeStatus, type ExportData } from './model.js';

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45;color:#1a1b1e}
*{box-sizing:border-box}
body{margin:0;background:#f8f9fa;overflow-wrap:break-word}
main{max-width:1000px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:0 0 4px}
h2{font-size:1.15rem;margin:24px 0 8px}
.meta{color:#495057;margin:0 0 16px}
.meta .email{overflow-wrap:anywhere}
.actions a{display:inline-flex;align-items:center;min-height:44px;padding:0 18px;border-radius:6px;background:#1864ab;color:#fff;text-decoration:none;font-weight:600}
.actions a:focus-visible{outline:3px solid #0b3d6e;outline-offset:2px}
.table-wrap{background:#fff;border:1px solid #dee2e6;border-radius:8px}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e9ecef;vertical-align:top}
th{background:#f1f3f5}
.name-cell{font-weight:600}
tr:last-child>*{border-bottom:0}
.ends{display:block;color:#495057;font-size:.85rem}
.backdated{display:block;color:#8a4600;font-size:.85rem;font-weight:600}
.status{display:inline-block;padding:1px 8px;border-radius:999px;font-weight:600;white-space:nowrap}
.status-valid{background:#ebfbee;color:#1b6b2f}
.status-expiring{background:#fff4e0;color:#8a4600}
.status-expired{background:#ffe9e9;color:#a4161a}
.status-unrecorded{background:#f1f3f5;color:#495057}
footer{color:#495057;font-size:.85rem;margin-top:24px}
@media (max-width:640px){
h1{font-size:1.3rem}
.status{white-space:normal}
.table-wrap{background:none;border:0}
table,tbody,tr,td{display:block}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
tr{background:#fff;border:1px solid #dee2e6;border-left-width:4px;border-radius:8px;margin:0 0 10px;padding:6px 0}
tr.row-expired{border-left-color:#a4161a}
tr.row-expiring{border-left-color:#e08a00}
tr.row-valid{border-left-color:#2b8a3e}
td{border:0;padding:3px 12px;display:flex;gap:12px}
td[data-label]::before{content:attr(data-label);flex:0 0 7.5em;color:#495057;font-size:.85rem}
td.name-cell{display:block;font-size:1rem}
td:empty{display:none}
}
`;

/** A complete page: the shared style (plus `extraStyle`) in one nonce'd block, no script. */
export function page(title: string, nonce: string, body: string, extraStyle = ''): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${escapeHtml(nonce)}">${STYLE}${extraStyle}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const STATUS_SYMBOL = { valid: '✓ ', expiring: '⚠ ', expired: '✖ ', unrecorded: '' } as const;

/** "nachgetragen, erfasst am …" under the last drive's date when it was recorded more than 7 days later (issue 27). */
function backdatedNote(route: ExportData['routes'][number]): string {
  if (!route.lastDrivenBackdated) return '';
  return `<span class="backdated">${TERMS.backdated}, ${TERMS.recordedOn.toLowerCase()} ${formatDate(
    route.lastDrivenRecordedOn,
  )}</span>`;
}

/** A table cell that, on a phone, becomes a labelled line of the row's card. */
function cell(label: string, content: string, className?: string): string {
  return `<td data-label="${escapeHtml(label)}"${className ? ` class="${className}"` : ''}>${content}</td>`;
}

/**
 * The proof (Streckenkundenachweis) as a plain HTML page for a share link: the same data as the PDF, no script, one
 * nonce'd style block, so it works under the strict CSP on any device and without the app. On a phone (≤ 640 px)
 * every row is a card with its status in colour; nothing scrolls sideways.
 */
export function renderProofHtml(
  data: ExportData,
  options: { nonce: string; pdfUrl: string; verification?: { code: string; url: string } },
): string {
  const name = fullName(data.user);
  const rows = data.routes
    .map((route) => {
      const status = routeStatus(route.daysLeft);
      const ends = routeEnds(route);
      const routeText = `${escapeHtml(route.name)}${ends ? `<span class="ends">${escapeHtml(ends)}</span>` : ''}`;
      return `<tr class="row-${status.kind}"><td class="name-cell">${routeText}</td>${cell(
        TERMS.companyRoute,
        escapeHtml(route.companyRoute ?? ''),
      )}${cell(TERMS.tours, escapeHtml(route.tours.join(', ')))}${cell(
        TERMS.lastDriven,
        `${formatDate(route.lastDriven, '–')}${backdatedNote(route)}`,
      )}${cell(TERMS.validUntil, formatDate(route.validUntil, '–'))}${cell(
        'Status',
        `<span class="status status-${status.kind}">${STATUS_SYMBOL[status.kind]}${escapeHtml(status.label)}</span>`,
      )}</tr>`;
    })
    .join('\n');
  const vehicles =
    data.vehicles && data.vehicles.length > 0
      ? `<h2>${TERMS.vehicles}</h2>
<div class="table-wrap"><table>
<thead><tr><th scope="col">${TERMS.vehicle}</th><th scope="col">${TERMS.lastDriven}</th><th scope="col">${
          TERMS.validUntil
        }</th><th scope="col">${TERMS.validityRule}</th></tr></thead>
<tbody>${data.vehicles
          .map(
            (v) =>
              `<tr><td class="name-cell">${escapeHtml(v.name)}</td>${cell(
                TERMS.lastDriven,
                formatDate(v.lastDriven, UNRECORDED_LABEL),
              )}${cell(TERMS.validUntil, formatDate(v.validUntil, '–'))}${cell(
                TERMS.validityRule,
                escapeHtml(v.ownRule === false ? accountRuleLabel(v.validityRule) : v.validityRule),
              )}</tr>`,
          )
          .join('\n')}</tbody>
</table></div>`
      : '';
  return page(
    `${TERMS.proof} – ${name}`,
    options.nonce,
    `<h1>${TERMS.proof}</h1>
<p class="meta">${escapeHtml(name)} · <span class="email">${escapeHtml(data.user.email)}</span> · Stand ${formatDate(data.today)}</p>
<p class="actions"><a href="${escapeHtml(options.pdfUrl)}" download>Als PDF herunterladen</a></p>${
      options.verification
        ? `\n<p class="meta">Prüfcode <strong>${escapeHtml(options.verification.code)}</strong> · <a href="${escapeHtml(
            options.verification.url,
          )}">Echtheit prüfen</a></p>`
        : ''
    }
<h2>${TERMS.routes} (${data.routes.length})</h2>
${
  data.routes.length === 0
    ? '<p>Dieser Link zeigt derzeit keine Strecken.</p>'
    : `<div class="table-wrap"><table>
<thead><tr><th scope="col">${TERMS.route}</th><th scope="col">${TERMS.companyRoute}</th><th scope="col">${
        TERMS.tours
      }</th><th scope="col">${TERMS.lastDriven}</th><th scope="col">${
        TERMS.validUntil
      }</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`
}
${vehicles}
<footer>Schreibgeschützte Ansicht aus ${PRODUCT_NAME} ${escapeHtml(data.version)}. Der Inhalt ist stets der aktuelle Stand.</footer>`,
  );
}

/** The one answer for unknown, expired and revoked links alike. */
export function renderShareNotFoundHtml(nonce: string): string {
  return page(
    'Link nicht gefunden – Streckenpass',
    nonce,
    `<h1>Link nicht gefunden</h1>
<p>Diesen Link gibt es nicht oder nicht mehr. Bitte fragen Sie die Person, die ihn Ihnen gegeben hat, nach einem neuen.</p>`,
  );
}
