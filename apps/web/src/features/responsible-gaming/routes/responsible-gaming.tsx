import type { ReactNode } from 'react';
import { ResponsibleGamingPanel } from '../components/ResponsibleGamingPanel';

/**
 * /responsible-gaming: the operator's text for the site (app/ passes it in: it belongs to another
 * feature), then the player's own limits and breaks.
 */
export function ResponsibleGamingRoute({ operatorText }: { operatorText: ReactNode }) {
  return (
    <div className="rg-page">
      {operatorText}
      <ResponsibleGamingPanel />
    </div>
  );
}
