import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@backlay/contract';
import { call } from '@/shared/http/api';

export function changePassword(input: ChangePasswordInput) {
  return call('changePassword', { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
