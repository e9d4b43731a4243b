import { z } from 'zod';
import { text } from './common.js';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/** RFC 5321 4.5.3.1: at most 64 octets before the @ and 254 for the whole address; longer ones cannot be delivered. */
export const EMAIL_LOCAL_PART_MAX = 64;
export const EMAIL_MAX = 254;
const octets = (value: string) => new TextEncoder().encode(value).length;

/**
 * An address the app stores and mails to (registration): within the lengths of RFC 5321, so that the verification
 * mail can arrive. Addresses that only look up an account (login, forgotten password) keep just the total limit.
 */
export const emailSchema = text()
  .trim()
  .refine((value) => octets(value) <= EMAIL_MAX, `Die E-Mail-Adresse darf höchstens ${EMAIL_MAX} Zeichen lang sein.`)
  .refine(
    (value) => !value.includes('@') || octets(value.slice(0, value.lastIndexOf('@'))) <= EMAIL_LOCAL_PART_MAX,
    `Der Teil der E-Mail-Adresse vor dem @ darf höchstens ${EMAIL_LOCAL_PART_MAX} Zeichen lang sein.`,
  )
  .email('Bitte eine gültige E-Mail-Adresse angeben.');

export const passwordSchema = text()
  .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`)
  .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`);

const personName = (label: string) =>
  text()
    .trim()
    .min(1, `${label} darf nicht leer sein.`)
    .max(NAME_MAX_LENGTH, `${label} darf höchstens ${NAME_MAX_LENGTH} Zeichen lang sein.`);

export const roleSchema = z.string();
export const ROLE_USER = 'ROLE_USER';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const roleLabels: Record<string, string> = {
  ROLE_USER: 'Benutzer',
  ROLE_ADMIN: 'Administrator',
};

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  roles: z.array(roleSchema),
  mail_verified: z.boolean(),
  receive_weekly_reports: z.boolean(),
  bcc_mail_weekly_reports: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginSchema = z.strictObject({
  username: text().min(1, 'Bitte die E-Mail-Adresse angeben.').max(254, 'Die E-Mail-Adresse ist zu lang.'),
  password: text()
    .min(1, 'Bitte das Passwort angeben.')
    .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`),
});
export type LoginInput = z.infer<typeof loginSchema>;
export const tokenResponseSchema = z.object({ token: z.string() });
export const authErrorSchema = z.object({ code: z.number().int(), message: z.string() });

export const registerSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  firstname: personName('Der Vorname'),
  lastname: personName('Der Nachname'),
});
export type RegisterInput = z.infer<typeof registerSchema>;
export const registerResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  jwt_token: z.string().optional(),
});

export const forgotPasswordSchema = z.strictObject({
  email: text().trim().min(1, 'Bitte die E-Mail-Adresse angeben.').max(254, 'Die E-Mail-Adresse ist zu lang.'),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/**
 * With a new password (change or reset): `true` also revokes every share link and the calendar feed, in the same
 * transaction (docs/decisions/0033). Omitted or `false`: they keep working, because they were handed out on purpose.
 */
const revokeSharedAccessSchema = z
  .boolean({ error: '„revoke_shared_access“ muss true oder false sein.' })
  .optional()
  .describe('Alle Freigabe-Links und das Kalender-Abo beenden (Standard: nein).');

export const resetPasswordSchema = z.strictObject({
  token: text().min(1, 'Der Link ist unvollständig.').max(200, 'Der Link ist ungültig.'),
  new_password: passwordSchema,
  revoke_shared_access: revokeSharedAccessSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.strictObject({
  current_password: text()
    .min(1, 'Bitte das aktuelle Passwort angeben.')
    .max(PASSWORD_MAX_LENGTH, 'Das aktuelle Passwort ist falsch.'),
  new_password: passwordSchema,
  revoke_shared_access: revokeSharedAccessSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const updatePreferencesSchema = z.strictObject({
  receive_weekly_reports: z.boolean(),
  bcc_mail_weekly_reports: z.boolean(),
});
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;

export const successSchema = z.object({ success: z.boolean() });

/** The words the user types to confirm deleting the account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'KONTO LÖSCHEN';

export const deleteAccountSchema = z.strictObject({
  password: text().min(1, 'Bitte das Passwort angeben.').max(PASSWORD_MAX_LENGTH, 'Das Passwort ist falsch.'),
  confirmation: text().refine(
    (value) => value.trim().toUpperCase() === DELETE_ACCOUNT_CONFIRMATION,
    `Bitte zur Bestätigung „${DELETE_ACCOUNT_CONFIRMATION}“ eingeben.`,
  ),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
