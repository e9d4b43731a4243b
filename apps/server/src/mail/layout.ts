import { PRODUCT_NAME } from '@streckenpass/contract/constants';

/* The frame of every mail the app sends: HTML escaping, the layout, the greeting, buttons, tables. */

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

export function greeting(firstname: string | null): string {
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

export function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#c92a2a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#495057">Falls der Knopf nicht funktioniert, öffnen Sie diesen Link:<br><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;
}

const CELL = 'padding:6px 8px;border-bottom:1px solid #dee2e6;text-align:left;vertical-align:top';

/** A table of plain-text cells (escaped here), each with an optional style of its own. */
export function table(headers: readonly string[], rows: readonly { text: string; style?: string }[][]): string {
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

/** A mail of plain paragraphs after the greeting, as text and as HTML. */
export function paragraphsMail(subject: string, firstname: string | null, lines: string[]): RenderedMail {
  const text = [greeting(firstname), '', ...lines].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(firstname))}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}`,
  );
  return { subject, text, html };
}
