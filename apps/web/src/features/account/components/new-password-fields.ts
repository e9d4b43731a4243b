import { PASSWORD_MIN_LENGTH } from '@streckenpass/contract/constants';
import { passwordSchema } from '@streckenpass/contract/users';

/** Validation shared by the change-password and reset-password forms. */
export function validateNewPassword(value: string): string | null {
  const result = passwordSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? `Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`);
}

export function validateRepeat(value: string, values: { new_password: string }): string | null {
  return value === values.new_password ? null : 'Die Passwörter stimmen nicht überein.';
}
