import { PRODUCT_NAME } from '@streckenpass/contract/constants';
import { escapeHtml } from '../mail/templates.js';
import { formatDate } from '@streckenpass/contract/format';
import { fullName, routeStatus, type ExportData } from './model.js';

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45;color:#1a1b1e}
body{margin:0;background:#f8f9fa}
main{max-width:1000px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:0 0 4px}
h2{font-size:1.15rem;margin:24px 0 8px}
.meta{color:#495057;margin:0 0 16px}
.actions a{display:inline-flex;align-items:center;min-height:44px;padding:0 18px;border-radius:6px;background:#1864ab;color:#fff;text-decoration:none;font-weight:600}
.actions a:focus-visible{outline:3px solid #0b3d6e;outline-offset:2px}
.table-wrap{overflow-x:auto;background:#fff;border:1px solid #dee2e6;border-radius:8px}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e9ecef;vertical-align:top}
th{background:#f1f3f5;white-space:nowrap}
tr:last-child td{border-bottom:0}
.status-expired{color:#c92a2a;font-weight:700}
.status-expiring{color:#a35200;font-weight:700}
.status-unrecorded{color:#495057}
footer{color:#495057;font-size:.85rem;margin-top:24px}
`;

function page(title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const STATUS_SYMBOL = { valid: '', expiring: '⚠ ', expired: '✖ ', unrecorded: '' } as const;

/**
 * The proof (Streckenkundenachweis) as a plain HTML page for a share link: the same data as the PDF, no script, one
 * nonce'd style block, so it works under the strict CSP on any device and without the app.
 */
export function renderProofHtml(data: ExportData, options: { nonce: string; pdfUrl: string }): string {
  const name = fullName(data.user);
  const rows = data.routes
    .map((route) => {
      const status = routeStatus(route.daysLeft);
      return `<tr><td>${escapeHtml(route.name)}</td><td>${escapeHtml(route.companyRoute ?? '')}</td><td>${escapeHtml(
        route.startPoint,
      )} – ${escapeHtml(route.endPoint)}</td><td>${escapeHtml(route.tours.join(', '))}</td><td>${formatDate(
        route.lastDriven,
      )}</td><td>${formatDate(route.validUntil)}</td><td class="status-${status.kind}">${
        STATUS_SYMBOL[status.kind]
      }${escapeHtml(status.label)}</td></tr>`;
    })
    .join('\n');
  const vehicles =
    data.vehicles && data.vehicles.length > 0
      ? `<h2>Fahrzeuge</h2>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Fahrzeug</th><th scope="col">Zuletzt gefahren</th></tr></thead>
<tbody>${data.vehicles
          .map((v) => `<tr><td>${escapeHtml(v.name)}</td><td>${formatDate(v.lastDriven)}</td></tr>`)
          .join('\n')}</tbody>
</table></div>`
      : '';
  return page(
    `Streckenkundenachweis – ${name}`,
    options.nonce,
    `<h1>Streckenkundenachweis</h1>
<p class="meta">${escapeHtml(name)} · ${escapeHtml(data.user.email)} · Stand ${formatDate(data.today)}</p>
<p class="actions"><a href="${escapeHtml(options.pdfUrl)}" download>Als PDF herunterladen</a></p>
<h2>Strecken (${data.routes.length})</h2>
${
  data.routes.length === 0
    ? '<p>Dieser Link zeigt derzeit keine Strecken.</p>'
    : `<div class="table-wrap"><table>
<thead><tr><th scope="col">Strecke</th><th scope="col">Kürzel</th><th scope="col">Start – Ende</th><th scope="col">Touren</th><th scope="col">Zuletzt befahren</th><th scope="col">Gültig bis</th><th scope="col">Status</th></tr></thead>
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
