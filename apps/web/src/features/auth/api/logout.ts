import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resetAllStoredData } from '../../../lib/storage';

/** Logout calls the server, then clears all stored data, whatever the server said (seed section 2). */
export async function logout(): Promise<void> {
  try {
    await api.get('/api/users/logout');
  } catch {
    // Offline or already expired: the local data goes anyway.
  } finally {
    resetAllStoredData();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
