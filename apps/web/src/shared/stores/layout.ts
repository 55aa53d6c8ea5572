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
