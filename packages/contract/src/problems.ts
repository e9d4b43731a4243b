import { REQUIRED_MESSAGE, typeName } from './locale.js';

/**
 * The German `detail` of the 400 answers: a request whose shape is wrong (not JSON, not UTF-8, a field of the wrong
 * type, missing or unknown). The `title` stays the seed's ("Bad Request"); the detail is for the person who reads the
 * answer and names the field. Shared by the server's error handler and the backup's stepwise check.
 */
export const REQUEST_PROBLEMS = {
  badRequest: 'Ungültige Anfrage.',
  brokenJson: 'Der Rumpf der Anfrage ist kein gültiges JSON.',
  emptyJson: 'Der Rumpf der Anfrage ist leer; erwartet wird JSON.',
  forbiddenJsonKey: 'Der Rumpf der Anfrage enthält ein unzulässiges Feld („__proto__“ oder „constructor.prototype“).',
  invalidUtf8:
    'Der Rumpf der Anfrage ist kein gültiges UTF-8 (ungültige Bytefolge). Bitte den Text in UTF-8 kodiert senden.',
  badPercentEncoding: 'Die Adresse enthält eine ungültige Prozent-Kodierung.',
  badContentLength: 'Die Angabe Content-Length passt nicht zum Rumpf der Anfrage.',
} as const;

/** A validation issue as the server sees it: zod's code, path and (German) message, and what zod expected. */
export interface StructuralIssue {
  code: string;
  path: readonly (string | number)[];
  message: string;
  expected?: unknown;
  keys?: readonly string[];
  /** The field is absent from the request (known to the server; else told by zod's message). */
  missing?: boolean;
}

const quoted = (field: string) => `„${field}“`;

/** The detail of a 400 answer for the first structural issue of a body, query or path, naming its field. */
export function structuralProblemDetail(issue: StructuralIssue | undefined): string {
  if (!issue) return REQUEST_PROBLEMS.badRequest;
  const field = issue.path.map(String).join('.');
  const missing = issue.missing ?? issue.message === REQUIRED_MESSAGE;
  switch (issue.code) {
    case 'invalid_type':
      if (!field) {
        return missing
          ? `Der Rumpf der Anfrage fehlt; erwartet wird ${typeName(issue.expected)}.`
          : `Der Rumpf der Anfrage ist ungültig; erwartet wird ${typeName(issue.expected)}.`;
      }
      return missing
        ? `Das Feld ${quoted(field)} fehlt.`
        : `Das Feld ${quoted(field)} hat den falschen Typ; erwartet wird ${typeName(issue.expected)}.`;
    case 'unrecognized_keys': {
      const names = (issue.keys ?? []).map((key) => quoted(field ? `${field}.${key}` : key));
      if (names.length === 0) return 'Die Anfrage enthält ein unbekanntes Feld.';
      return names.length === 1 ? `Unbekanntes Feld ${names[0]}.` : `Unbekannte Felder ${names.join(', ')}.`;
    }
    case 'invalid_union':
      return field
        ? `Das Feld ${quoted(field)} hat keine der zulässigen Formen.`
        : 'Der Rumpf der Anfrage hat keine der zulässigen Formen.';
    case 'invalid_key':
      return `${field ? `Das Feld ${quoted(field)}` : 'Der Rumpf der Anfrage'} enthält einen unzulässigen Schlüssel.`;
    case 'invalid_element':
      return `${field ? `Das Feld ${quoted(field)}` : 'Der Rumpf der Anfrage'} enthält einen unzulässigen Eintrag.`;
    default:
      return field ? `Das Feld ${quoted(field)} ist ungültig: ${issue.message}` : `Ungültige Anfrage: ${issue.message}`;
  }
}
