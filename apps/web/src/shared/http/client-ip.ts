import { STORAGE_KEYS } from '@backlay/contract';
import { storage } from '../storage/storage';
import { call } from './api';

/**
 * The client IP lookup of section 7, answered by our own server (`GET /api/client-ip`): its answer
 * is kept under 'ip' as JSON (`{ "ip": "…" }`). Nothing depends on it, so a failure only leaves the
 * key as it was; logout clears it with everything else, and the next start-up or sign-in asks again.
 */
export async function loadClientIp(): Promise<void> {
  try {
    const answer = await call('clientIp', { sessionRules: false });
    storage.setJson(STORAGE_KEYS.ip, answer);
  } catch {
    // No answer: the app works on without it.
  }
}
