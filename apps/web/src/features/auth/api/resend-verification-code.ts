import { useMutation } from '@tanstack/react-query';
import type { ResendCodeInput } from '@backlay/contract';
import { call } from '@/shared/http/api';

export function resendVerificationCode(input: ResendCodeInput) {
  return call('resendVerificationCode', { body: input });
}

export function useResendVerificationCode() {
  return useMutation({ mutationFn: resendVerificationCode });
}
