import { Link } from 'react-router';

/** The way out of an empty bets page: the live markets. */
export const BrowseInPlayLink = () => (
  <Link to="/inplay" className="btn btn--primary">
    Browse In-Play
  </Link>
);
