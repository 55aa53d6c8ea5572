import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { faAngleLeft, faDice, faRotateRight, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import type { CasinoGame, CasinoProviderId } from '@backlay/contract';
import { useSessionStore } from '@/shared/session/session-store';
import { EmptyState, Spinner } from '@/shared/ui/feedback';
import { Icon } from '@/shared/ui/Icon';
import { providerGamesQueryOptions } from '../api/get-casino-games';
import { LaunchError, launchGame } from '../api/launch-game';
import { gamesOf, isProviderId, platformFor, providerName } from '../lib/lobby';
import { t } from '../i18n';
import '../casino.css';

/** The lobby the back button returns to: the one the tile was tapped in, else /lobby. */
function lobbyToReturnTo(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/(lobby|casino)(\?|$)/i.test(from) ? from : '/lobby';
}

/** The compact bar over the game: back to the lobby, the game and its provider, reload. */
function PlayBar({
  name,
  provider,
  onBack,
  onReload,
  reloading,
}: {
  name: string;
  provider: CasinoProviderId;
  onBack: () => void;
  onReload?: (() => void) | undefined;
  reloading?: boolean;
}) {
  return (
    <div className="casino-play__bar">
      <button type="button" className="casino-play__btn" onClick={onBack} aria-label={t('casino.play.back')}>
        <Icon icon={faAngleLeft} />
        <span className="casino-play__btn-text">{t('casino.play.lobby')}</span>
      </button>
      <div className="casino-play__title">
        <h1 className="casino-play__name">{name}</h1>
        <span className={`casino-badge casino-badge--${provider}`}>{providerName(provider)}</span>
      </div>
      {onReload && (
        <button
          type="button"
          className="casino-play__btn"
          onClick={onReload}
          disabled={reloading}
          aria-label={t('casino.play.reload')}
        >
          <Icon icon={faRotateRight} spin={reloading ?? false} />
        </button>
      )}
    </div>
  );
}

function LaunchFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const location = useLocation();
  const message = error instanceof Error ? error.message : t('casino.play.failedText');
  if (error instanceof LaunchError && error.signInAgain) {
    const target = location.pathname + location.search;
    return (
      <div className="casino-play__message" role="alert">
        <h2>{t('casino.play.signIn')}</h2>
        <p>{message}</p>
        <p className="muted">{t('casino.play.signInText')}</p>
        <Link className="btn btn--primary" to={`/auth/login?to=${encodeURIComponent(target)}`}>
          {t('casino.play.signInLink')}
        </Link>
      </div>
    );
  }
  // The player's own time-out, self-exclusion or loss limit: the server's words say which, and
  // trying again would be refused the same way.
  if (error instanceof LaunchError && error.responsibleGaming) {
    return (
      <div className="casino-play__message" role="alert">
        <h2>{t('casino.play.failed')}</h2>
        <p>{message}</p>
        <Link className="btn btn--outline" to="/responsible-gaming">
          {t('casino.play.responsibleGaming')}
        </Link>
      </div>
    );
  }
  return (
    <div className="casino-play__message" role="alert">
      <h2>{t('casino.play.failed')}</h2>
      <p>{message}</p>
      <button type="button" className="btn btn--outline" onClick={retry}>
        {t('casino.tryAgain')}
      </button>
    </div>
  );
}

/** Launches the game (a fresh session each time the page opens or Reload is pressed) and frames it. */
function GameFrame({ game, onBack }: { game: CasinoGame; onBack: () => void }) {
  const casinoToken = useSessionStore((s) => s.user?.casinoToken ?? '');
  const launch = useQuery({
    queryKey: ['casino-launch', game.provider, game.code],
    // No abort signal: a launch the player left while it ran ends unseen; aborting it on unmount
    // would launch twice in development, where React mounts each page twice.
    queryFn: () =>
      launchGame(game, {
        casinoToken,
        lobbyUrl: `${window.location.origin}/lobby`,
        platform: platformFor(window.innerWidth),
      }),
    // A launch is a POST that opens a session: never on its own, only when asked.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const relaunch = () => void launch.refetch();

  // Signed in again (the login modal, after a refused token): the new token gets its launch.
  const tokenLaunched = useRef(casinoToken);
  const { isError, refetch } = launch;
  useEffect(() => {
    if (tokenLaunched.current === casinoToken) return;
    tokenLaunched.current = casinoToken;
    if (isError && casinoToken !== '') void refetch();
  }, [casinoToken, isError, refetch]);

  let stage;
  if (launch.isFetching) stage = <Spinner label={t('casino.play.starting', { game: game.name })} />;
  else if (launch.isError) stage = <LaunchFailure error={launch.error} retry={relaunch} />;
  else
    stage = (
      <iframe
        key={launch.data}
        className="casino-play__frame"
        src={launch.data}
        title={game.name}
        allow="fullscreen"
      />
    );

  return (
    <>
      <PlayBar
        name={game.name}
        provider={game.provider}
        onBack={onBack}
        onReload={relaunch}
        reloading={launch.isFetching}
      />
      <div className="casino-play__stage">{stage}</div>
    </>
  );
}

/** Finds the game named in the address in its provider's list (cached by the lobby, else fetched). */
function GameByCode({
  provider,
  code,
  onBack,
}: {
  provider: CasinoProviderId;
  code: string;
  onBack: () => void;
}) {
  const list = useQuery(providerGamesQueryOptions(provider));
  const game = list.data ? gamesOf(list.data).find((g) => g.code === code) : undefined;
  if (game) return <GameFrame game={game} onBack={onBack} />;

  let stage;
  if (list.isPending) stage = <Spinner label={t('casino.play.finding')} />;
  else if (list.isError && !list.data)
    stage = (
      <div className="casino-play__message" role="alert">
        <h2>{t('casino.unavailable', { provider: providerName(provider) })}</h2>
        <p>{list.error.message}</p>
        <button type="button" className="btn btn--outline" onClick={() => void list.refetch()}>
          {t('casino.tryAgain')}
        </button>
      </div>
    );
  else
    stage = (
      <EmptyState icon={faTriangleExclamation} title={t('casino.play.notAvailable')}>
        {t('casino.play.notListed', { provider: providerName(provider) })}
      </EmptyState>
    );
  return (
    <>
      <PlayBar name={t('casino.play.game')} provider={provider} onBack={onBack} />
      <div className="casino-play__stage">{stage}</div>
    </>
  );
}

/** /lobby-page?provider=&code=: the chosen game, full height under a compact bar. */
export function LobbyPageRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const provider = params.get('provider');
  const code = params.get('code') ?? '';
  const back = () => void navigate(lobbyToReturnTo(location.state));

  if (!isProviderId(provider) || code === '') {
    return (
      <section className="page">
        <EmptyState
          icon={faDice}
          title={t('casino.play.none')}
          action={
            <Link to="/lobby" className="btn btn--outline">
              {t('casino.play.toLobby')}
            </Link>
          }
        >
          {t('casino.play.noneText')}
        </EmptyState>
      </section>
    );
  }
  return (
    <section className="casino-play" aria-label={t('casino.play.game')}>
      <GameByCode key={`${provider}:${code}`} provider={provider} code={code} onBack={back} />
    </section>
  );
}
