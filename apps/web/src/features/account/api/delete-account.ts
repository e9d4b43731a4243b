import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@streckenpass/contract/users';
import { api } from '../../../lib/api-client';
import { resetAllStoredData } from '../../../lib/storage';

/** POST /api/users/delete-account; afterwards every stored datum of the app goes, as on logout. */
export async function deleteAccount(input: DeleteAccountInput) {
  const result = await api.post<{ success: boolean; message: string }>('/api/users/delete-account', input);
  resetAllStoredData();
  return result;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
