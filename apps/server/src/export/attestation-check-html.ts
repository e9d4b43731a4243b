import { ATTESTATION_KIND_LABELS, type AttestationContent } from '@streckenpass/contract/attestations';
import { formatDate } from '@streckenpass/contract/format';
import { PROOF_KIND_LABELS, type ProofKind } from '@streckenpass/contract/proofs';
import { formatCode } from '../lib/proof-signature.js';
import { escapeHtml } from '../mail/layout.js';
import { dateTime, table } from './check-page-parts.js';
import { holderName } from './proof-content.js';
import { REGISTER_HEADER, registerCells, type RegisterProofContent } from './register-model.js';

/*
 * A Betrieb's attestation and its register per TfV § 10 (4) on the verification page (issue 41 items 5 and 6; the page
 * itself is proof-check-html.ts): what the Betrieb signed, in German, as it was issued.
 */

interface IssuedFacts {
  code: string;
  kind: ProofKind;
  issuedAt: Date;
}

/** Whether a document's content is an attestation. */
export const isAttestationContent = (content: unknown): content is AttestationContent =>
  typeof content === 'object' && content !== null && (content as { document?: unknown }).document === 'attestation';

const list = (items: readonly string[], none: string) =>
  items.length === 0 ? escapeHtml(none) : items.map((item) => escapeHtml(item)).join('<br>');

/** An attestation: which statement, about whom, by which Betrieb and examiner, for which lines, on which day. */
export function attestationDocument(document: IssuedFacts & { content: AttestationContent }, timeZone: string): string {
  const { content } = document;
  return `<dl class="facts">
<dt>Bescheinigung</dt><dd>${escapeHtml(ATTESTATION_KIND_LABELS[content.kind])}</dd>
<dt>Ausgestellt für</dt><dd>${escapeHtml(content.driver.name)}</dd>
<dt>Betrieb</dt><dd>${escapeHtml(content.betrieb.name)}</dd>
<dt>Datum der Überprüfung</dt><dd>${escapeHtml(formatDate(content.checkedOn))}</dd>
<dt>Prüfer/in</dt><dd>${escapeHtml(content.examinerName)}</dd>
<dt>Ausgestellt am</dt><dd>${escapeHtml(dateTime(document.issuedAt, timeZone))}</dd>
<dt>Art</dt><dd>${escapeHtml(PROOF_KIND_LABELS[document.kind])}</dd>
<dt>Prüfcode</dt><dd>${escapeHtml(formatCode(document.code))}</dd>
</dl>
<p class="note note-ok">Eine Bescheinigung wird nie geändert; widerruft der Betrieb sie, zeigt diese Seite „widerrufen“.</p>
<h2>Inhalt bei Ausstellung</h2>
<h3>Anforderungen des Betriebs (${content.requirements.length})</h3>
<p>${list(
    content.requirements.map((requirement) => requirement.label),
    'Keine.',
  )}</p>
<h3>Strecken (${content.lines.length})</h3>
<p>${list(content.lines, 'Keine.')}</p>${
    content.note ? `\n<h3>Bemerkung</h3>\n<p>${escapeHtml(content.note)}</p>` : ''
  }`;
}

/** The register: the Betrieb, its Stichtag and issuer, and per driver the fields 31.1 and 31.2 of Anlage 10. */
export function registerDocument(
  document: IssuedFacts & { content: RegisterProofContent; withheldDrivers?: number },
  timeZone: string,
): string {
  const { content } = document;
  const withheld = document.withheldDrivers ?? 0;
  return `<dl class="facts">
<dt>Betrieb</dt><dd>${escapeHtml(content.betrieb.name)}</dd>
<dt>Ausgestellt von</dt><dd>${escapeHtml(holderName({ holder: content.issuer }))}</dd>
<dt>Ausgestellt am</dt><dd>${escapeHtml(dateTime(document.issuedAt, timeZone))}</dd>
<dt>Stichtag</dt><dd>${escapeHtml(formatDate(content.asOf))}</dd>
<dt>Art</dt><dd>${escapeHtml(PROOF_KIND_LABELS[document.kind])}</dd>
<dt>Prüfcode</dt><dd>${escapeHtml(formatCode(document.code))}</dd>
</dl>
<h2>Inhalt bei Ausstellung</h2>
<h3>Triebfahrzeugführer/innen (${content.drivers.length})</h3>
${
  withheld > 0
    ? `<p class="note">${withheld === 1 ? 'Eine Person ist' : `${withheld} Personen sind`} nicht mehr Mitglied des Betriebs und wird hier nicht gezeigt; das PDF nennt sie weiter.</p>\n`
    : ''
}${table(
    [...REGISTER_HEADER],
    content.drivers.map((driver) =>
      registerCells(driver, (date) => formatDate(date)).map((cell) => escapeHtml(cell).replaceAll('\n', '<br>')),
    ),
  )}`;
}
