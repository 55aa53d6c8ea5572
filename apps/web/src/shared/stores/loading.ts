import { create } from 'zustand';

/**
 * What drives the global loading indicator: tracked requests (each lingers a moment after it
 * ends, per section 9), named loading markers (the tree-sport load), and the route-change flag.
 */
interface LoadingState {
  requests: Record<number, { url: string; startedAt: number }>;
  markers: string[];
  routeChanging: boolean;
  addRequest(id: number, url: string): void;
  removeRequest(id: number): void;
  addMarker(name: string): void;
  removeMarker(name: string): void;
  setRouteChanging(value: boolean): void;
}

export const useLoadingStore = create<LoadingState>()((set) => ({
  requests: {},
  markers: [],
  routeChanging: false,
  addRequest: (id, url) =>
    set((s) => ({ requests: { ...s.requests, [id]: { url, startedAt: Date.now() } } })),
  removeRequest: (id) =>
    set((s) => {
      if (!(id in s.requests)) return s;
      const requests = { ...s.requests };
      delete requests[id];
      return { requests };
    }),
  addMarker: (name) => set((s) => (s.markers.includes(name) ? s : { markers: [...s.markers, name] })),
  removeMarker: (name) => set((s) => ({ markers: s.markers.filter((m) => m !== name) })),
  setRouteChanging: (routeChanging) => set({ routeChanging }),
}));

export function selectIsLoading(s: LoadingState): boolean {
  return s.routeChanging || s.markers.length > 0 || Object.keys(s.requests).length > 0;
}
