import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTE_ACTIVITY } from '@backlay/feed-simulator';
import { feedOptionsFromEnv } from './run-feed';

describe('feedOptionsFromEnv', () => {
  it('leaves the simulator its own quote activity by default', () => {
    const options = feedOptionsFromEnv({});
    expect(options).toMatchObject({ role: 'both', seed: 2026, timeScale: 1, simulator: { stepMs: 1000 } });
    expect(options.simulator?.quoteActivity).toBeUndefined();
  });

  it('FEED_STILL_PRE_MATCH holds pre-match books still and keeps in-play books moving', () => {
    expect(feedOptionsFromEnv({ FEED_STILL_PRE_MATCH: 'true' }).simulator?.quoteActivity).toEqual({
      inPlay: DEFAULT_QUOTE_ACTIVITY.inPlay,
      preMatch: 0,
    });
    expect(feedOptionsFromEnv({ FEED_STILL_PRE_MATCH: 'false' }).simulator?.quoteActivity).toBeUndefined();
  });

  it('refuses a value it does not understand', () => {
    expect(() => feedOptionsFromEnv({ FEED_STILL_PRE_MATCH: 'sometimes' })).toThrow();
    expect(() => feedOptionsFromEnv({ FEED_STEP_MS: '5' })).toThrow();
  });
});
