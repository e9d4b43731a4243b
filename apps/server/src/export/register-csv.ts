import type { Readable } from 'node:stream';
import { formatDate } from '@streckenpass/contract/format';
import { csvWriter } from './csv.js';
import { REGISTER_HEADER, registerCells, type RegisterProofContent } from './register-model.js';

/**
 * A Betrieb's register per TfV § 10 (4) as CSV (issue 41 item 6), like the matrix's (UTF-8 with BOM, `;`, CRLF,
 * formulas neutralised, so that German Excel opens it): a row per driver — name, depot, 31.1 the infrastructure known
 * (one requirement a line within the cell), 31.2 the day of the last check and the Betrieb that attested it —, then
 * the Betrieb and the Stichtag.
 */
export function renderRegisterCsv(content: RegisterProofContent): Readable {
  const out = csvWriter();
  out.write([...REGISTER_HEADER]);
  for (const driver of content.drivers) out.write(registerCells(driver, (date) => formatDate(date)));
  out.write([]);
  out.write(['Betrieb', content.betrieb.name]);
  out.write(['Stand', formatDate(content.asOf)]);
  out.end();
  return out;
}
