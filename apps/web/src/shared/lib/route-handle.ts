import { useMatches } from 'react-router';

/**
 * What the deepest route on screen declares in its handle: `pick` reads it from one route's handle
 * and answers undefined where that route declares nothing (the page's title, a layout flag).
 */
export function useRouteHandle<T>(pick: (handle: unknown) => T | undefined): T | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const value = pick(matches[i]?.handle);
    if (value !== undefined) return value;
  }
  return undefined;
}
