import type { CasinoProviderId, CasinoProviderSettings } from '@backlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { call } from '@/api/client';
import { toApiError, type ApiError } from '@/api/errors';
import { Problem } from '@/shared/Problem';
import { SaveRefusal } from './form-helpers';
import { CASINO_PROVIDERS_KEY } from './keys';

/**
 * Each casino provider on or off for the site (GET and PUT /admin/casino-providers), saved at once
 * per switch. Off: its games leave the lobby, launches are refused and its wallet takes no new
 * stake, while rounds already staked still pay.
 */
export function CasinoProvidersPanel() {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const query = useQuery({
    queryKey: [CASINO_PROVIDERS_KEY],
    queryFn: ({ signal }) => call('adminCasinoProviders', { signal }),
  });

  const toggle = useMutation({
    mutationFn: (input: { provider: CasinoProviderId; enabled: boolean }) =>
      call('adminSaveCasinoProvider', { body: input }),
    onMutate: () => setRefusal(null),
    onSuccess: (saved: CasinoProviderSettings, input) => {
      queryClient.setQueryData([CASINO_PROVIDERS_KEY], saved);
      const name = saved.providers.find((p) => p.provider === input.provider)?.name ?? input.provider;
      toast.success(
        input.enabled
          ? `${name} is on: its games are back in the lobby.`
          : `${name} is off: its games left the lobby; rounds already staked still pay.`,
      );
    },
    onError: (thrown) => {
      const error = toApiError(thrown);
      setRefusal(error);
      toast.error(`Not switched: ${error.message}`);
    },
  });

  if (query.isPending) return <p className="muted pad">Loading the casino providers…</p>;
  if (query.isError) return <Problem error={query.error} what="see the casino providers" />;
  const pending = toggle.isPending ? toggle.variables.provider : null;

  return (
    <section className="site-form site-form--narrow" aria-label="Casino providers">
      <fieldset className="site-section">
        <legend>Casino providers</legend>
        <p className="field__hint">
          Each switch is saved at once. The site-wide “Casino lobby on” setting (Site settings) still switches
          the whole casino.
        </p>
        <ul className="site-providers">
          {query.data.providers.map((p) => (
            <li key={p.provider} data-testid={`provider-${p.provider}`}>
              <label className="site-switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={p.enabled}
                  disabled={pending != null}
                  aria-busy={pending === p.provider}
                  onChange={(e) => toggle.mutate({ provider: p.provider, enabled: e.currentTarget.checked })}
                />
                <span>{p.name}</span>
              </label>
              <span className={p.enabled ? 'site-provider__on' : 'site-provider__off'}>
                {p.enabled ? 'On' : 'Off'}
              </span>
            </li>
          ))}
        </ul>
        {query.data.providers.length === 0 && (
          <p className="muted" role="status">
            No casino provider is set up on this server.
          </p>
        )}
      </fieldset>
      {refusal && <SaveRefusal error={refusal} what="switch casino providers" />}
    </section>
  );
}
