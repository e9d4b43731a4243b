import { formatDateTime } from '@streckenpass/contract/format';
import { escapeHtml } from '../mail/layout.js';

/* The pieces both verification pages are made of: a document's times, and its tables. */

/** A moment on the page: '22.11.2026, 14:05 Uhr' in the app's time zone. */
export const dateTime = (value: Date, timeZone: string) => `${formatDateTime(value, timeZone)} Uhr`;

/** A table of `rows` (cells already escaped) under `headers`, each cell labelled for the narrow layout. */
export function table(headers: string[], rows: string[][]): string {
  const body = rows
    .map(
      (cells) =>
        `<tr>${cells
          .map((cell, index) =>
            index === 0
              ? `<td class="name-cell">${cell}</td>`
              : `<td data-label="${escapeHtml(headers[index]!)}">${cell}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('\n');
  return `<div class="table-wrap"><table>
<thead><tr>${headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('')}</tr></thead>
<tbody>
${body}
</tbody>
</table></div>`;
}
