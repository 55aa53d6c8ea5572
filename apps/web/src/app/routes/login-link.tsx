import { useNavigate, useSearchParams } from 'react-router';
import { Emphasised } from '@/shared/ui/Emphasised';
import { Modal } from '@/shared/ui/Modal';
import { useSessionStore } from '@/shared/session/session-store';
import { useExchangeLoginCode } from '@/features/auth/api/exchange-login-code';
import { startSession } from '@/features/auth/lib/session';
import { t } from '../i18n';

/**
 * /auth/token?code=…&user=…: the page a one-time sign-in link opens (section 7's
 * authorization-code sign-in). The player confirms with one tap, so a link scanner that merely opens
 * the address cannot use the code up; the code is exchanged for the normal tokens, the session
 * starts as after any sign-in, and the player goes home.
 */
export function LoginLinkRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const exchange = useExchangeLoginCode();
  const signedInAs = useSessionStore((s) => s.user?.userName);
  const code = search.get('code')?.trim() ?? '';
  const userName = search.get('user')?.trim() ?? '';
  const complete = code !== '' && userName !== '';
  const leave = () => void navigate('/inplay', { replace: true });

  const signIn = () => {
    if (!complete || exchange.isPending) return;
    exchange.mutate(
      { code, userName },
      {
        onSuccess: (result) => {
          startSession(result, result.userName);
          // Section 7: the sign-in redirects to 'home'; the code leaves the address bar with it.
          void navigate('/', { replace: true });
        },
      },
    );
  };

  return (
    <Modal open onClose={leave} title={t('app.link.title')} variant="auth" name="login-link">
      {!complete ? (
        <p role="alert">{t('app.link.incomplete')}</p>
      ) : (
        <div className="form">
          <p>
            <Emphasised
              value={userName}
              message={(name) =>
                signedInAs && signedInAs !== userName
                  ? t('app.link.signInAsOther', { name, current: signedInAs })
                  : t('app.link.signInAs', { name })
              }
            />
          </p>
          {exchange.error && <p role="alert">{exchange.error.message}</p>}
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={signIn}
            disabled={exchange.isPending}
          >
            {exchange.isPending ? t('app.link.signingIn') : t('app.link.continueAs', { name: userName })}
          </button>
        </div>
      )}
    </Modal>
  );
}
