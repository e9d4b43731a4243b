import { formatDate } from '@streckenpass/contract/format';
import {
  coverageLabel,
  MATRIX_STATE_LABELS,
  matrixCellLabel,
  vehicleCellLabel,
  vehicleCoverageLabel,
} from '@streckenpass/contract/matrix';
import { PROOF_KIND_LABELS, type ProofKind } from '@streckenpass/contract/proofs';
import { formatCode } from '../lib/proof-signature.js';
import { escapeHtml } from '../mail/layout.js';
import { dateTime, table } from './check-page-parts.js';
import {
  issuedCellState,
  requirementLabel,
  scopeLabel,
  vehicleTypeLabel,
  type MatrixProofContent,
} from './matrix-model.js';
import { holderName } from './proof-content.js';

/*
 * An issued Betrieb's matrix on the verification page (issue 28 item 3; the page itself is proof-check-html.ts): its
 * facts, whether it reads differently today, the coverage per requirement and every driver's cells as issued.
 */

/** An issued Betrieb's matrix (issue 28): the Betrieb, who issued it, its filters, the coverage and every cell. */
export function matrixDocument(
  document: {
    code: string;
    kind: ProofKind;
    issuedAt: Date;
    content: MatrixProofContent;
    changedSince: boolean;
    withheldDrivers?: number;
  },
  timeZone: string,
): string {
  const { content } = document;
  const byId = new Map(content.requirements.map((requirement) => [requirement.id, requirement]));
  const totals = new Map(content.totals.map((total) => [total.requirementId, total]));
  const coverage = table(
    [
      'Anforderung',
      'Streckenkundig',
      `davon ${MATRIX_STATE_LABELS.bald}`,
      MATRIX_STATE_LABELS.abgelaufen,
      MATRIX_STATE_LABELS.ausbildung,
      MATRIX_STATE_LABELS.nie,
      MATRIX_STATE_LABELS.fehlt,
    ],
    content.requirements.map((requirement) => {
      const total = totals.get(requirement.id);
      return [
        escapeHtml(requirementLabel(requirement)),
        escapeHtml(total ? coverageLabel(total) : ''),
        String(total?.expiring ?? 0),
        String(total?.expired ?? 0),
        String(total?.training ?? 0),
        String(total?.never ?? 0),
        String(total?.missing ?? 0),
      ];
    }),
  );
  const types = content.vehicleTypes ?? [];
  const typesById = new Map(types.map((type) => [type.id, type]));
  const vehicleTotals = new Map((content.vehicleTotals ?? []).map((total) => [total.requirementId, total]));
  const vehicleCoverage = table(
    ['Fahrzeugtyp', 'Abdeckung', 'bekannt', MATRIX_STATE_LABELS.fehlt],
    types.map((type) => {
      const total = vehicleTotals.get(type.id) ?? { requirementId: type.id, known: 0, drivers: 0 };
      return [
        escapeHtml(vehicleTypeLabel(type)),
        escapeHtml(vehicleCoverageLabel(total)),
        String(total.known),
        String(total.drivers - total.known),
      ];
    }),
  );
  const cells = table(
    ['Fahrer/in', 'Depot', 'Streckenkunde am Stichtag'],
    content.drivers.map((driver) => [
      escapeHtml(driver.name),
      escapeHtml(driver.depot ?? ''),
      [
        ...driver.cells.map((cell) => {
          const label = matrixCellLabel({ state: issuedCellState(cell, content.asOf), validUntil: cell.validUntil });
          return escapeHtml(`${requirementLabel(byId.get(cell.requirementId)!)}: ${label}`);
        }),
        ...(driver.vehicles ?? []).map((cell) => {
          const label = vehicleCellLabel({ vehicle: cell.vehicle === null ? null : { name: cell.vehicle } });
          return escapeHtml(`Fahrzeugtyp ${vehicleTypeLabel(typesById.get(cell.requirementId)!)}: ${label}`);
        }),
      ].join('<br>'),
    ]),
  );
  return `<dl class="facts">
<dt>Betrieb</dt><dd>${escapeHtml(content.betrieb.name)}</dd>
<dt>Ausgestellt von</dt><dd>${escapeHtml(holderName({ holder: content.issuer }))}</dd>
<dt>Ausgestellt am</dt><dd>${escapeHtml(dateTime(document.issuedAt, timeZone))}</dd>
<dt>Stichtag</dt><dd>${escapeHtml(formatDate(content.asOf))}</dd>
<dt>Auswahl</dt><dd>${escapeHtml(scopeLabel(content))}</dd>
<dt>Art</dt><dd>${escapeHtml(PROOF_KIND_LABELS[document.kind])}</dd>
<dt>Prüfcode</dt><dd>${escapeHtml(formatCode(document.code))}</dd>
</dl>
${
  document.changedSince
    ? '<p class="note"><strong>Die Matrix lautet heute anders.</strong> Mit derselben Auswahl und demselben Stichtag ergäbe sie heute etwas anderes; unten steht sie, wie sie ausgestellt wurde.</p>'
    : '<p class="note note-ok">Die Matrix ist seit der Ausstellung unverändert.</p>'
}
<h2>Inhalt bei Ausstellung</h2>
<h3>Abdeckung je Anforderung (${content.requirements.length})</h3>
${coverage}
${types.length > 0 ? `<h3>Abdeckung je Fahrzeugtyp (${types.length})</h3>\n${vehicleCoverage}\n` : ''}<h3>Fahrer/innen (${content.drivers.length})</h3>
${withheld(document.withheldDrivers ?? 0)}${cells}`;
}

/** Why a matrix's page lists fewer drivers than its PDF: nobody's data outlives their membership or account. */
function withheld(count: number): string {
  if (count === 0) return '';
  const who = count === 1 ? 'Eine Fahrerin oder ein Fahrer' : `${count} Fahrer/innen`;
  return `<p class="note">${who} des Nachweises ${count === 1 ? 'wird' : 'werden'} hier nicht mehr gezeigt: Sie gehören dem Betrieb nicht mehr an oder haben ihr Konto gelöscht. Die Zahlen der Abdeckung bleiben, wie sie ausgestellt wurden.</p>\n`;
}
