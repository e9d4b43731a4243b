import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@streckenpass/contract/users';
import { api } from '../../../lib/api-client';
import { resetAllStoredData } from '../../../lib/storage';

/** POST /api/users/delete-account. */
export const deleteAccount = (input: DeleteAccountInput) =>
  api.post<{ success: boolean; message: string }>('/api/users/delete-account', input);

/**
 * Deletes the account; then every stored datum of the app goes, as on logout, and the sign-in guard takes the user
 * to the start page. The message is shown from the mutation itself: the page is gone by the time a per-call
 * callback would run.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (result) => {
      notifications.show({ color: 'green', message: result.message });
      resetAllStoredData();
    },
  });
}
