import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/common-passwords.js';

// The answers shared by authentication.routes.ts and account.routes.ts.

/** The first German message of a validation error, or `fallback`. */
export const firstMessage = (error: { validation?: { message?: string }[] } | undefined, fallback: string) => {
  const issue = error?.validation?.find((v) => v.message);
  return issue?.message ?? fallback;
};

/**
 * The account calls' own refusal shape `{ success: false, message }` (API.md): the schema's first German message, or
 * the common-password message for a new password. Null when the input passes.
 */
export async function refuseAccountInput(
  request: { validationError?: unknown },
  newPassword: () => string,
  fallback: string,
): Promise<{ success: false; message: string } | null> {
  if (request.validationError) {
    return { success: false, message: firstMessage(request.validationError as never, fallback) };
  }
  if (await isCommonPassword(newPassword())) return { success: false, message: COMMON_PASSWORD_MESSAGE };
  return null;
}

/** Added to the success message when a new password also ended the shared access (docs/decisions/0033). */
export const SHARED_ACCESS_REVOKED_MESSAGE = 'Alle Freigabe-Links und das Kalender-Abo wurden beendet.';
export const withRevocation = (message: string, revoked: boolean | undefined) =>
  revoked ? `${message} ${SHARED_ACCESS_REVOKED_MESSAGE}` : message;
