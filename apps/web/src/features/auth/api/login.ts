import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@streckenpass/contract/users';
import { api } from '../../../lib/api-client';
import { startSession } from '../session';

export const login = (input: LoginInput) => api.post<{ token: string }>('/api/login_check', input, { auth: false });

export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const { token } = await login({ username: input.username.trim(), password: input.password });
      await startSession(token);
    },
  });
}
