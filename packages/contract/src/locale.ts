import { z } from 'zod';

/**
 * German messages for every validation issue that a schema does not word itself: no zod English ("Invalid input:
 * expected string, received number") ever reaches a person, in an API answer or a web form. Imported for its
 * effect by every schema module (common.ts, users.ts); `z.config` is global for the one zod instance.
 */
const typeNames: Record<string, string> = {
  string: 'Text',
  number: 'Zahl',
  int: 'ganze Zahl',
  boolean: 'Wahrheitswert (true/false)',
  array: 'Liste',
  object: 'Objekt',
  date: 'Datum',
  null: 'null',
  undefined: 'nichts',
};

/** The German name of a type zod expected ("Text", "Zahl", …), for messages that name it. */
export function typeName(expected: unknown): string {
  return typeNames[String(expected ?? '')] ?? 'ein anderer Typ';
}

/** The message of a missing field (an `invalid_type` issue without input). */
export const REQUIRED_MESSAGE = 'Dieses Feld ist erforderlich.';

function germanMessage(issue: { code?: string; [key: string]: unknown }): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return REQUIRED_MESSAGE;
      return `Ungültiger Wert: erwartet wird ${typeName(issue.expected)}.`;
    }
    case 'too_small': {
      const minimum = String(issue.minimum ?? '');
      if (issue.origin === 'string') return `Der Text muss mindestens ${minimum} Zeichen lang sein.`;
      if (issue.origin === 'array') return `Mindestens ${minimum} Einträge erforderlich.`;
      return `Der Wert muss mindestens ${minimum} sein.`;
    }
    case 'too_big': {
      const maximum = String(issue.maximum ?? '');
      if (issue.origin === 'string') return `Der Text darf höchstens ${maximum} Zeichen lang sein.`;
      if (issue.origin === 'array') return `Höchstens ${maximum} Einträge erlaubt.`;
      return `Der Wert darf höchstens ${maximum} sein.`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'Bitte eine gültige E-Mail-Adresse angeben.' : 'Das Format ist ungültig.';
    case 'unrecognized_keys':
      return `Unbekannte Felder: ${Array.isArray(issue.keys) ? issue.keys.join(', ') : ''}.`;
    case 'invalid_value':
      return 'Dieser Wert ist nicht zulässig.';
    case 'not_multiple_of':
      return 'Die Zahl ist nicht zulässig.';
    default:
      return 'Ungültige Eingabe.';
  }
}

z.config({ customError: (issue) => germanMessage(issue as never) });

export { germanMessage };
