import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePreferencesInput, User } from '@streckenpass/contract/users';
import { api } from '../../../lib/api-client';

export const updatePreferences = (input: UpdatePreferencesInput) =>
  api.post<{ success: boolean; message: string }>('/api/users/update-preferences', input);

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (_data, input) => {
      queryClient.setQueryData<User>(['users', 'current'], (user) => (user ? { ...user, ...input } : user));
      void queryClient.invalidateQueries({ queryKey: ['users', 'current'] });
    },
  });
}
