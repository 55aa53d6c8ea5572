import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponsibleGamingInput } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { useSessionStore } from '@/shared/session/session-store';
import { RESPONSIBLE_GAMING, responsibleGamingKey } from './get-responsible-gaming';

/** A change: limits, the reality check, a time-out, self-exclusion, or confirming increases. */
export function setResponsibleGaming(input: ResponsibleGamingInput) {
  return call('setResponsibleGaming', { body: input });
}

export function useSetResponsibleGaming() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setResponsibleGaming,
    // The answer is the whole state after the change: the panel, the banner and the reality
    // check all read it at once, without asking again.
    onSuccess: (state) => {
      const userName = useSessionStore.getState().user?.userName;
      if (userName != null) client.setQueryData(responsibleGamingKey(userName), state);
    },
    // A refusal may come from a state this tab has not seen (another tab took a time-out).
    onError: () => client.invalidateQueries({ queryKey: RESPONSIBLE_GAMING }),
  });
}
