import { germanMessage, UnprocessableError } from './api-errors';

export interface SubmitErrors {
  /** Messages for form fields, from the violations of a 422 answer whose path names a field. */
  fields: Record<string, string>;
  /** One German sentence for the whole form. */
  message: string;
}

/**
 * A failed save, split for a form: 422 violations go onto the fields they name, everything else becomes one German
 * message. The caller keeps the user's input either way.
 */
export function submitErrors(error: unknown, fieldNames: readonly string[]): SubmitErrors {
  const fields: Record<string, string> = {};
  if (error instanceof UnprocessableError) {
    const unmapped: string[] = [];
    for (const violation of error.violations) {
      if (fieldNames.includes(violation.propertyPath)) fields[violation.propertyPath] ??= violation.message;
      else unmapped.push(violation.message);
    }
    if (Object.keys(fields).length > 0 && unmapped.length === 0) {
      return { fields, message: 'Bitte prüfen Sie die markierten Eingaben.' };
    }
    if (unmapped.length > 0) return { fields, message: unmapped.join(' ') };
  }
  return { fields, message: germanMessage(error, 'Speichern fehlgeschlagen. Bitte versuchen Sie es erneut.') };
}
