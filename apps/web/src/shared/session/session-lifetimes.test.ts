import { afterEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../http/api', () => ({ call: (...args: unknown[]) => call(...args) }));
const { DEFAULT_LIFETIMES, loadSessionLifetimes, useSessionLifetimes } = await import('./session-lifetimes');

describe('GetSettingExpiry: the lifetimes the server asks for', () => {
  afterEach(() => {
    call.mockReset();
    useSessionLifetimes.setState({ ...DEFAULT_LIFETIMES });
  });

  it('is asked without the session rules, and its answer replaces the constants', async () => {
    call.mockResolvedValue({
      accessTokenExpireInSeconds: 600,
      refreshTokenExpireInSeconds: 86_400,
      rememberedRefreshTokenExpireInSeconds: 2_592_000,
      inactivityPromptSeconds: 300,
      inactivityAnswerSeconds: 15,
      otpValiditySeconds: 120,
    });
    await loadSessionLifetimes();
    expect(call).toHaveBeenCalledWith('getSettingExpiry', { query: {}, sessionRules: false });
    expect(useSessionLifetimes.getState()).toEqual({
      accessTokenMs: 600_000,
      inactivityPromptMs: 300_000,
      inactivityAnswerMs: 15_000,
    });
  });

  it('keeps the constants when the server cannot answer, and ignores values no one could use', async () => {
    call.mockRejectedValue(new Error('Network Error'));
    await loadSessionLifetimes();
    expect(useSessionLifetimes.getState()).toEqual(DEFAULT_LIFETIMES);
    call.mockResolvedValue({
      accessTokenExpireInSeconds: 0,
      refreshTokenExpireInSeconds: 0,
      rememberedRefreshTokenExpireInSeconds: 0,
      inactivityPromptSeconds: 2,
      inactivityAnswerSeconds: 0,
      otpValiditySeconds: 0,
    });
    await loadSessionLifetimes();
    expect(useSessionLifetimes.getState()).toEqual(DEFAULT_LIFETIMES);
  });
});
