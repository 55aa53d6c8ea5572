import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export interface LoginFormValues {
  userName: string;
  password: string;
  remember: string;
}

export function authenticate(values: LoginFormValues): Promise<LoginResult> {
  return call('authenticate', {
    body: {
      userNameOrEmailAddress: values.userName,
      password: values.password,
      // Section 3: true when a remember-me value is not empty.
      rememberClient: values.remember !== '',
    },
  });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
