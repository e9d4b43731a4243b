import { germanMessage, UnprocessableError } from './api-errors';

export interface SubmitErrors {
  /** Messages for form fields, from the violations of a 422 answer whose path names a field. */
  fields: Record<string, string>;
  /** One German sentence for the whole form. */
  message: string;
}

/** The sentence above a form whose fields show every violation of the server's answer. */
export const CHECK_MARKED_FIELDS = 'Bitte prüfen Sie die markierten Eingaben.';
export const SAVE_FAILED = 'Speichern fehlgeschlagen. Bitte versuchen Sie es erneut.';

/**
 * A failed save, split for a form: 422 violations go onto the fields they name, everything else becomes one German
 * message. The caller keeps the user's input either way. `describe` words the message of a form that says it its own
 * way (and then also stands for violations without a field); by default the violations' own messages, else
 * `germanMessage`.
 */
export function submitErrors(
  error: unknown,
  fieldNames: readonly string[],
  describe?: (error: unknown) => string,
): SubmitErrors {
  const fields: Record<string, string> = {};
  if (error instanceof UnprocessableError) {
    const unmapped: string[] = [];
    for (const violation of error.violations) {
      if (fieldNames.includes(violation.propertyPath)) fields[violation.propertyPath] ??= violation.message;
      else unmapped.push(violation.message);
    }
    if (Object.keys(fields).length > 0 && unmapped.length === 0) return { fields, message: CHECK_MARKED_FIELDS };
    if (unmapped.length > 0 && !describe) return { fields, message: unmapped.join(' ') };
  }
  return { fields, message: describe ? describe(error) : germanMessage(error, SAVE_FAILED) };
}
