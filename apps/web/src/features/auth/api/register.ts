import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@streckenpass/contract/users';
import { api } from '../../../lib/api-client';
import { GermanError } from '../../../lib/api-errors';
import { startSession } from '../session';

export interface RegisterResponse {
  success: boolean;
  message: string;
  jwt_token?: string;
}

/** Registration trims first and last name before sending (seed section 5). */
export function toRegisterPayload(input: RegisterInput): RegisterInput {
  return { ...input, email: input.email.trim(), firstname: input.firstname.trim(), lastname: input.lastname.trim() };
}

export const register = (input: RegisterInput) =>
  api.post<RegisterResponse>('/api/users/register', toRegisterPayload(input), { auth: false });

/** The server declined without an error status (`success: false`): its German message. */
export class RegistrationFailed extends GermanError {}

export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const response = await register(input);
      if (!response.success || !response.jwt_token) {
        throw new RegistrationFailed(response.message || 'Der Benutzer konnte nicht registriert werden.');
      }
      await startSession(response.jwt_token);
      return response;
    },
  });
}
