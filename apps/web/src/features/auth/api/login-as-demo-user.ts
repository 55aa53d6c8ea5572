import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export function loginAsDemoUser(): Promise<LoginResult> {
  return call('loginAsDemoUser', { query: {} });
}

export function useLoginAsDemoUser() {
  return useMutation({ mutationFn: loginAsDemoUser });
}
