import type { Readable } from 'node:stream';
import { keepingWaysLabel } from '@streckenpass/contract/drive-ways';
import { REQUIREMENT_IMPORT_COLUMNS, type Requirement } from '@streckenpass/contract/requirements';
import type { LineSection } from '@streckenpass/contract/network';
import { csvWriter } from './csv.js';

/**
 * A Betrieb's requirements as CSV, like the other exports (UTF-8 with BOM, `;`, CRLF, formulas neutralised), in the
 * columns and the notation the requirements' import reads (`requirements-csv.ts` in modules/betriebe), so that the
 * file imports back as it was: start and end as DS100 codes, the line section as the route export writes one
 * ("4010 km 0,0–34,5", with every decimal kept), the depot by name, the own rules as numbers and words; an empty cell is no rule.
 */
/** Every decimal the requirement keeps and no grouping ("1234,56"), so the import reads the same km back. */
const exactKm = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 6,
  useGrouping: false,
});
const sectionText = (section: LineSection) =>
  `${section.line} km ${exactKm.format(section.fromKm)}–${exactKm.format(section.toKm)}`;

export function renderRequirementsCsv(requirements: readonly Requirement[]): Readable {
  const out = csvWriter();
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  out.write([...REQUIREMENT_IMPORT_COLUMNS]);
  for (const requirement of requirements) {
    const first = requirement.firstAcquisition;
    out.write([
      requirement.startStation.code,
      requirement.endStation.code,
      requirement.companyRoute ?? '',
      requirement.section ? sectionText(requirement.section) : '',
      requirement.depot?.name ?? '',
      number(requirement.minDrivers),
      requirement.keepingWays ? keepingWaysLabel(requirement.keepingWays) : '',
      number(first?.drives),
      number(first?.dark),
      number(first?.days),
    ]);
  }
  out.end();
  return out;
}
