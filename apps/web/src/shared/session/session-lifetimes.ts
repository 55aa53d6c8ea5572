import { create } from 'zustand';
import { INACTIVITY_ANSWER_MS, INACTIVITY_PROMPT_MS } from '../config/constants';
import { call } from '../http/api';

/**
 * The lifetimes the server asks the client to honour (`GET api/setting/GetSettingExpiry`), read
 * at start-up; until the answer comes, or when it cannot come, the section 9 constants stand. The
 * inactivity prompt and its answer window follow them, and the access token is renewed ahead of its
 * expiry by a share of its lifetime.
 */
export interface SessionLifetimes {
  accessTokenMs: number;
  inactivityPromptMs: number;
  inactivityAnswerMs: number;
}

export const DEFAULT_LIFETIMES: SessionLifetimes = {
  accessTokenMs: 15 * 60_000,
  inactivityPromptMs: INACTIVITY_PROMPT_MS,
  inactivityAnswerMs: INACTIVITY_ANSWER_MS,
};

export const useSessionLifetimes = create<SessionLifetimes>()(() => ({ ...DEFAULT_LIFETIMES }));

/** A lifetime from the server in seconds, as milliseconds; null when it is not a usable one. */
function ms(seconds: number, atLeastSeconds: number): number | null {
  return Number.isFinite(seconds) && seconds >= atLeastSeconds ? seconds * 1000 : null;
}

/** Asks the server; a failure keeps what is known (the app works without the answer). */
export async function loadSessionLifetimes(): Promise<void> {
  let answer;
  try {
    answer = await call('getSettingExpiry', { query: {}, sessionRules: false });
  } catch {
    return;
  }
  const now = useSessionLifetimes.getState();
  useSessionLifetimes.setState({
    accessTokenMs: ms(answer.accessTokenExpireInSeconds, 30) ?? now.accessTokenMs,
    inactivityPromptMs: ms(answer.inactivityPromptSeconds, 10) ?? now.inactivityPromptMs,
    inactivityAnswerMs: ms(answer.inactivityAnswerSeconds, 1) ?? now.inactivityAnswerMs,
  });
}
