import { isPlace, placeKnowledgeLabel } from '@streckenpass/contract/knowledge-items';
import { formatDate } from '@streckenpass/contract/format';
import { BACKDATED_AFTER_DAYS, PRODUCT_NAME } from '@streckenpass/contract/constants';
import { daysBetween, daysUntil, todayIn } from '@streckenpass/contract/knowledge';
import {
  PROOF_KEYS_PATH,
  PROOF_KIND_LABELS,
  PROOF_PAGE_PREFIX,
  PROOF_STATE_LABELS,
  type ProofKind,
  type ProofState,
} from '@streckenpass/contract/proofs';
import { statusLabel } from '@streckenpass/contract/status';
import { TERMS } from '@streckenpass/contract/terms';
import { formatCode } from '../lib/proof-signature.js';
import { escapeHtml } from '../mail/layout.js';
import { dateTime, table } from './check-page-parts.js';
import { page } from './html.js';
import { attestationDocument, isAttestationContent, registerDocument } from './attestation-check-html.js';
import { matrixDocument } from './matrix-check-html.js';
import { isMatrixContent, type MatrixProofContent } from './matrix-model.js';
import { isRegisterContent, type RegisterProofContent } from './register-model.js';
import type { AttestationContent } from '@streckenpass/contract/attestations';
import {
  hasDrives,
  holderName,
  signedDriveManner,
  type ProofContentDrive,
  type ShownProofContent,
} from './proof-content.js';

/** What a verification found, by code or by file, and so what the check page shows. */
export interface ProofCheckView {
  state: ProofState;
  /** German sentence: why this state. */
  reason: string;
  /** The document, when the code is known and not revoked (genuine or altered file of a known document). */
  document?: {
    code: string;
    kind: ProofKind;
    issuedAt: Date;
    /** A driver's record, a Betrieb's matrix (kind `matrix`), attestation or register (issue 41). */
    content: ShownProofContent | MatrixProofContent | AttestationContent | RegisterProofContent;
    /** Whether the holder's record (the same selection) — or the Betrieb's matrix — reads differently today. */
    changedSince: boolean;
    /** An issued matrix's drivers left out of `content` because they are no longer members of the Betrieb. */
    withheldDrivers?: number;
  };
  /** For a revoked document: only when it was issued and revoked, nothing of its content. */
  revoked?: { code: string; kind: ProofKind; issuedAt: Date; revokedAt: Date };
  /**
   * For a document whose holder (or issuer) deleted the account: only when it was issued, and that its content was
   * erased — it still verifies by its signed hashes, but shows nothing of the person (GDPR Art. 17).
   */
  erased?: { code: string; kind: ProofKind; issuedAt: Date };
}

const STYLE = `
.state{border-radius:8px;padding:14px 16px;margin:0 0 16px;border:2px solid}
.state p{margin:4px 0 0}
.state strong{font-size:1.35rem}
.state-genuine{background:#ebfbee;border-color:#2b8a3e;color:#1b4d2a}
.state-altered,.state-revoked{background:#ffe9e9;border-color:#a4161a;color:#6b0f12}
.state-unknown{background:#f1f3f5;border-color:#868e96;color:#343a40}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}
dl.facts dt{color:#495057}
dl.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere;min-width:0}
@media (max-width:480px){dl.facts{grid-template-columns:1fr;gap:0}dl.facts dd{margin:0 0 8px}}
.note{background:#fff4e0;border-left:4px solid #e08a00;padding:8px 12px;border-radius:4px}
.note-ok{background:#fff;border-left-color:#2b8a3e}
form{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:12px 16px;margin:0 0 12px}
form label{display:block;font-weight:600;margin:0 0 6px}
form input[type=text]{font:inherit;min-height:44px;padding:0 10px;border:1px solid #868e96;border-radius:6px;width:100%;max-width:20em;text-transform:uppercase}
form input[type=file]{font:inherit;min-height:44px;max-width:100%}
form button{font:inherit;font-weight:600;min-height:44px;padding:0 18px;border:0;border-radius:6px;background:#1864ab;color:#fff;margin-top:8px;cursor:pointer}
form button:focus-visible,form input:focus-visible{outline:3px solid #0b3d6e;outline-offset:2px}
.hint{color:#495057;font-size:.9rem;margin:6px 0 0}
`;

const STATE_SYMBOL: Record<ProofState, string> = { genuine: '✓', altered: '✖', unknown: '?', revoked: '✖' };

function routesTable(content: ShownProofContent, issuedOn: string): string {
  if (content.routes.length === 0) return '<p>Der Nachweis enthält keine Strecken.</p>';
  const rows = content.routes
    .map((route) => {
      const place = (point: string, code: string | null) => (code ? `${point} (${code})` : point);
      // A place (issue 41 item 4): "Ortskunde Frankfurt(Main)Hbf (FF)".
      const ends =
        route.startStation && isPlace(route)
          ? placeKnowledgeLabel({ code: route.startStation, name: route.startPoint })
          : `${place(route.startPoint, route.startStation)} – ${place(route.endPoint, route.endStation)}`;
      // "nachgetragen" as everywhere (`isBackdated`): recorded more than BACKDATED_AFTER_DAYS days after the drive.
      const backdated =
        route.lastDriven !== null &&
        route.recordedOn !== null &&
        daysBetween(route.lastDriven, route.recordedOn) > BACKDATED_AFTER_DAYS;
      const recorded = `${formatDate(route.recordedOn, '–')}${backdated ? ` (${TERMS.backdated})` : ''}`;
      const cells = [
        ['', `${escapeHtml(route.name)}<span class="ends">${escapeHtml(ends)}</span>`, 'name-cell'],
        [TERMS.companyRoute, escapeHtml(route.companyRoute ?? '')],
        [TERMS.tours, escapeHtml(route.tours.join(', '))],
        [TERMS.lastDriven, formatDate(route.lastDriven, '–')],
        [TERMS.recordedOn, escapeHtml(recorded)],
        [TERMS.validUntil, formatDate(route.validUntil, '–')],
        ['Status bei Ausstellung', escapeHtml(statusLabel(daysUntil(route.validUntil, issuedOn)))],
      ];
      return `<tr>${cells
        .map(([label, value, className]) =>
          className ? `<td class="${className}">${value}</td>` : `<td data-label="${escapeHtml(label!)}">${value}</td>`,
        )
        .join('')}</tr>`;
    })
    .join('\n');
  return `<div class="table-wrap"><table>
<thead><tr><th scope="col">${TERMS.route}</th><th scope="col">${TERMS.companyRoute}</th><th scope="col">${TERMS.tours}</th><th scope="col">${TERMS.lastDriven}</th><th scope="col">${TERMS.recordedOn}</th><th scope="col">${TERMS.validUntil}</th><th scope="col">Status bei Ausstellung</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`;
}

function vehiclesTable(content: ShownProofContent): string {
  if (content.vehicles === null) return '';
  if (content.vehicles.length === 0) return `<h3>${TERMS.vehicles}</h3>\n<p>Keine Fahrzeuge.</p>`;
  return `<h3>${TERMS.vehicles} (${content.vehicles.length})</h3>
<div class="table-wrap"><table>
<thead><tr><th scope="col">${TERMS.vehicle}</th><th scope="col">${TERMS.lastDriven}</th><th scope="col">${TERMS.validUntil}</th></tr></thead>
<tbody>${content.vehicles
    .map(
      (vehicle) =>
        `<tr><td class="name-cell">${escapeHtml(vehicle.name)}</td><td data-label="${TERMS.lastDriven}">${formatDate(
          vehicle.lastDriven,
          '–',
        )}</td><td data-label="${TERMS.validUntil}">${formatDate(vehicle.validUntil, '–')}</td></tr>`,
    )
    .join('\n')}</tbody>
</table></div>`;
}

/**
 * A transfer document's drives as its PDF lists them ("Alle Fahrten"): gefahren am, gültig bis, erfasst am with
 * "nachgetragen" / "übernommen", the routes' names — so that the new employer can compare them line by line.
 */
function drivesTable(drives: ProofContentDrive[]): string {
  if (drives.length === 0) return '<h3>Alle Fahrten</h3>\n<p>Keine Fahrten erfasst.</p>';
  const headers = [TERMS.drivenOn, TERMS.validUntil, TERMS.recordedOn, TERMS.routes];
  return `<h3>Alle Fahrten (${drives.length})</h3>
${table(
  headers,
  drives.map((drive) => {
    const backdated =
      drive.recordedOn !== null && daysBetween(drive.acquiredAt, drive.recordedOn) > BACKDATED_AFTER_DAYS;
    const marks = [backdated ? TERMS.backdated : '', drive.imported ? 'übernommen' : ''].filter(Boolean);
    const recorded = `${formatDate(drive.recordedOn, 'unbekannt')}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`;
    return [
      formatDate(drive.acquiredAt),
      formatDate(drive.acquiredUntil),
      escapeHtml(recorded),
      escapeHtml(
        [drive.routes.length > 0 ? drive.routes.join(', ') : 'Strecken inzwischen gelöscht', signedDriveManner(drive)]
          .filter(Boolean)
          .join(' · '),
      ),
    ];
  }),
)}`;
}

/** The two ways to check another document: type its code, or upload the PDF. No script: plain forms. */
function forms(): string {
  return `<h2>Einen Nachweis prüfen</h2>
<form method="get" action="${PROOF_PAGE_PREFIX}">
<label for="code">Prüfcode (steht unten auf jeder Seite des PDFs)</label>
<input type="text" id="code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="ABCD-EFGH-JKMN" required>
<div><button type="submit">Code prüfen</button></div>
</form>
<form method="post" action="${PROOF_PAGE_PREFIX}" enctype="multipart/form-data">
<label for="file">PDF-Datei hochladen</label>
<input type="file" id="file" name="file" accept="application/pdf,.pdf,application/json,.json" required>
<p class="hint">Die Datei wird nur geprüft und nicht gespeichert. Geprüft wird, ob sie Byte für Byte so ist, wie Streckenpass sie ausgestellt hat. Auch eine signierte Sicherung (.json) lässt sich so prüfen.</p>
<div><button type="submit">Datei prüfen</button></div>
</form>`;
}

const footer = `<footer>Öffentliche Prüfseite von ${PRODUCT_NAME}. Sie zeigt den Namen der Inhaberin oder des Inhabers und den Inhalt des Nachweises, nie eine E-Mail-Adresse. Die öffentlichen Schlüssel für die Prüfung ohne Internet: <a href="${PROOF_KEYS_PATH}">${PROOF_KEYS_PATH}</a>.</footer>`;

/** The answer of a verification — by code or by uploaded file — as a page without script. */
export function renderProofCheckHtml(view: ProofCheckView, options: { nonce: string; timeZone: string }): string {
  const { document, revoked } = view;
  const parts = [
    `<h1>Nachweis prüfen</h1>`,
    `<div class="state state-${view.state}" role="status"><strong>${STATE_SYMBOL[view.state]} ${escapeHtml(
      capitalise(PROOF_STATE_LABELS[view.state]),
    )}</strong><p>${escapeHtml(view.reason)}</p></div>`,
  ];
  if (revoked) {
    parts.push(`<dl class="facts">
<dt>Prüfcode</dt><dd>${escapeHtml(formatCode(revoked.code))}</dd>
<dt>Art</dt><dd>${escapeHtml(PROOF_KIND_LABELS[revoked.kind])}</dd>
<dt>Ausgestellt am</dt><dd>${escapeHtml(dateTime(revoked.issuedAt, options.timeZone))}</dd>
<dt>Widerrufen am</dt><dd>${escapeHtml(dateTime(revoked.revokedAt, options.timeZone))}</dd>
</dl>`);
  }
  if (view.erased) {
    parts.push(`<dl class="facts">
<dt>Prüfcode</dt><dd>${escapeHtml(formatCode(view.erased.code))}</dd>
<dt>Art</dt><dd>${escapeHtml(PROOF_KIND_LABELS[view.erased.kind])}</dd>
<dt>Ausgestellt am</dt><dd>${escapeHtml(dateTime(view.erased.issuedAt, options.timeZone))}</dd>
</dl>`);
  }
  const content = document?.content;
  if (document && content) {
    if (isMatrixContent(content)) parts.push(matrixDocument({ ...document, content }, options.timeZone));
    else if (isAttestationContent(content)) parts.push(attestationDocument({ ...document, content }, options.timeZone));
    else if (isRegisterContent(content)) parts.push(registerDocument({ ...document, content }, options.timeZone));
    else {
      const name = holderName(content);
      const issuedOn = todayIn(options.timeZone, document.issuedAt);
      parts.push(`<dl class="facts">
<dt>Ausgestellt für</dt><dd>${escapeHtml(name)}</dd>
<dt>Ausgestellt am</dt><dd>${escapeHtml(dateTime(document.issuedAt, options.timeZone))}</dd>
<dt>Art</dt><dd>${escapeHtml(PROOF_KIND_LABELS[document.kind])}</dd>
<dt>Prüfcode</dt><dd>${escapeHtml(formatCode(document.code))}</dd>
</dl>`);
      parts.push(
        document.changedSince
          ? `<p class="note"><strong>Der Nachweis wurde seitdem geändert.</strong> Die Eintragungen von ${escapeHtml(
              name,
            )} lauten heute anders als bei der Ausstellung; unten steht der Inhalt, wie er ausgestellt wurde.</p>`
          : `<p class="note note-ok">Die Eintragungen sind seit der Ausstellung unverändert.</p>`,
      );
      parts.push(`<h2>Inhalt bei Ausstellung</h2>
<h3>${TERMS.routes} (${content.routes.length})</h3>
${routesTable(content, issuedOn)}
${vehiclesTable(content)}${hasDrives(content) ? `\n${drivesTable(content.drives)}` : ''}`);
    }
  }
  parts.push(forms(), footer);
  return page(`Nachweis prüfen – ${PRODUCT_NAME}`, options.nonce, parts.join('\n'), STYLE);
}

/** The page without an answer: the two forms. */
export function renderProofFormHtml(options: { nonce: string; message?: string }): string {
  return page(
    `Nachweis prüfen – ${PRODUCT_NAME}`,
    options.nonce,
    [
      '<h1>Nachweis prüfen</h1>',
      options.message
        ? `<div class="state state-unknown" role="alert"><p>${escapeHtml(options.message)}</p></div>`
        : `<p>Prüfen Sie, ob ein ${TERMS.proof} aus ${PRODUCT_NAME} echt ist: mit dem Prüfcode, der unten auf jeder Seite steht, oder mit der PDF-Datei selbst.</p>`,
      forms(),
      footer,
    ].join('\n'),
    STYLE,
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
