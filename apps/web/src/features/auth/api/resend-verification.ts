import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendVerification = () =>
  api.get<{ success: boolean; message: string }>('/api/users/mail-verification/resend');

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
