import { useRouteHandle } from '@/shared/lib/route-handle';
import { create } from 'zustand';

/** The layout flags of section 2; all true except slider header, back-to-sports and overlay. */
export interface LayoutFlags {
  sidebar: boolean;
  sliderHeader: boolean;
  newsMarquee: boolean;
  scrollableNavbar: boolean;
  backToSports: boolean;
  allTopHeader: boolean;
  overlay: boolean;
  footer: boolean;
}

export const DEFAULT_LAYOUT_FLAGS: LayoutFlags = {
  sidebar: true,
  sliderHeader: false,
  newsMarquee: true,
  scrollableNavbar: true,
  backToSports: false,
  allTopHeader: true,
  overlay: false,
  footer: true,
};

interface LayoutState extends LayoutFlags {
  setFlags(flags: Partial<LayoutFlags>): void;
  /** Back to the defaults, as leaving the lobby or casino does for the navbar. */
  resetFlags(): void;
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  ...DEFAULT_LAYOUT_FLAGS,
  setFlags: (flags) => set(flags),
  resetFlags: () => set(DEFAULT_LAYOUT_FLAGS),
}));

/** What a route may declare in its handle: layout flags that hold while it is on screen. */
export interface LayoutHandle {
  layout?: Partial<LayoutFlags>;
}

/**
 * One layout flag: as the deepest route on screen that declares it in its handle says, else as the
 * store says. A route's flag is known in the render that mounts the route, so a header part above
 * the page (the slider of In-Play) is there in the page's first frame. (Set by the page in a layout
 * effect, it came one render later: a synchronous one, which also flushed the effects of the whole
 * first screen, in one task of 100 ms at a phone's speed.)
 */
export function useLayoutFlag(flag: keyof LayoutFlags): boolean {
  const declared = useRouteHandle((handle) => (handle as LayoutHandle | undefined)?.layout?.[flag]);
  const stored = useLayoutStore((state) => state[flag]);
  return declared ?? stored;
}
