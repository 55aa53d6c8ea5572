import { useState } from 'react';
import { Link } from 'react-router';
import type { CasinoGame } from '@backlay/contract';
import { lobbyPagePath, providerName, tileName } from '../lib/lobby';

/** The picture's box: the grid reserves it before the image arrives, so nothing shifts. */
export const TILE_IMAGE_WIDTH = 320;
export const TILE_IMAGE_HEIGHT = 240;

/**
 * A game: its picture, name and provider, as one link to the page that plays it. `from` is the
 * lobby address (with its filters) the game page's back button returns to.
 */
export function GameTile({ game, from }: { game: CasinoGame; from: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <li className="casino-tile">
      <Link
        to={lobbyPagePath(game)}
        state={{ from }}
        className="casino-tile__link"
        aria-label={tileName(game)}
        data-testid={`game-tile-${game.id}`}
      >
        <span className="casino-tile__media">
          {broken ? (
            <span className="casino-tile__fallback" aria-hidden="true">
              {game.name.slice(0, 1)}
            </span>
          ) : (
            <img
              src={game.imageURL}
              alt=""
              width={TILE_IMAGE_WIDTH}
              height={TILE_IMAGE_HEIGHT}
              loading="lazy"
              decoding="async"
              onError={() => setBroken(true)}
            />
          )}
        </span>
        <span className="casino-tile__name">{game.name}</span>{' '}
        <span className={`casino-badge casino-badge--${game.provider}`}>{providerName(game.provider)}</span>
      </Link>
    </li>
  );
}

/** A tile's shape while its provider's list loads. */
export function TileSkeleton() {
  return (
    <li className="casino-tile casino-tile--skeleton" aria-hidden="true" data-testid="game-skeleton">
      <span className="casino-tile__media" />
      <span className="casino-tile__name casino-skeleton-line" />
      <span className="casino-skeleton-line casino-skeleton-line--short" />
    </li>
  );
}
