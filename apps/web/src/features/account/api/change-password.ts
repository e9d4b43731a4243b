import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@streckenpass/contract/users';
import { api } from '../../../lib/api-client';

export const changePassword = (input: ChangePasswordInput) =>
  api.post<{ success: boolean; message: string }>('/api/users/change-password', input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
