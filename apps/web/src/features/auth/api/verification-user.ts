import { useMutation } from '@tanstack/react-query';
import type { LoginResult, RouteBody } from '@backlay/contract';
import { call } from '@/shared/http/api';

export function verificationUser(input: RouteBody<'verificationUser'>): Promise<LoginResult> {
  return call('verificationUser', { body: input });
}

export function useVerificationUser() {
  return useMutation({ mutationFn: verificationUser });
}
