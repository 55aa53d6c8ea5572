import { useMutation } from '@tanstack/react-query';
import type { RegisterInput, RegisterResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export function register(input: RegisterInput): Promise<RegisterResult> {
  const referralCode = input.referralCode?.trim() ? input.referralCode.trim() : null;
  return call('register', { body: { ...input, referralCode } });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
