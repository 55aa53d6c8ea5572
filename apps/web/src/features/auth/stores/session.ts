// The session store lives in shared/ (betting and sports read it too). app/realtime-setup.ts, owned
// by the realtime work, still imports it from here; it goes once that file imports shared/ directly.
export { useSessionStore } from '@/shared/session/session-store';
