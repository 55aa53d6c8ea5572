import { useLayoutEffect, useState } from 'react';
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

/**
 * One layout flag, as a page set it in a layout effect while mounting: seen before the first paint.
 * The store's hook subscribes after the paint, so a header part above the page would show the
 * page's first frame without what the flag adds, then move the page down one frame later.
 */
export function useLayoutFlag(flag: keyof LayoutFlags): boolean {
  const [value, setValue] = useState(() => useLayoutStore.getState()[flag]);
  useLayoutEffect(() => {
    setValue(useLayoutStore.getState()[flag]);
    return useLayoutStore.subscribe((state) => setValue(state[flag]));
  }, [flag]);
  return value;
}
