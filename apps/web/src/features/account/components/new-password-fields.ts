import { changePasswordSchema, resetPasswordSchema } from '@streckenpass/contract/users';
import { z } from 'zod';

const REPEAT_MISMATCH = 'Die Passwörter stimmen nicht überein.';

/**
 * The forms of a new password (change and reset): the contract's schema plus the repetition, which only the form
 * has. The repetition is not sent (`withoutRepeat`).
 */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ repeat: z.string() })
  .refine((values) => values.repeat === values.new_password, { path: ['repeat'], message: REPEAT_MISMATCH });

/** The token comes from the link, not from the form. */
export const resetPasswordFormSchema = resetPasswordSchema
  .omit({ token: true })
  .extend({ repeat: z.string() })
  .refine((values) => values.repeat === values.new_password, { path: ['repeat'], message: REPEAT_MISMATCH });

export function withoutRepeat<Values extends { repeat: string }>({ repeat: _repeat, ...input }: Values) {
  return input;
}
