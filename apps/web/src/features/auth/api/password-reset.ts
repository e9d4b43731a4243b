import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput } from '@streckenpass/contract/users';
import { api } from '../../../lib/api-client';

export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<{ message: string }>('/api/users/forgot-password', { email: input.email.trim() }, { auth: false });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export const resetPassword = (input: ResetPasswordInput) =>
  api.post<{ success: boolean; message: string }>('/api/users/reset-password', input, { auth: false });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
