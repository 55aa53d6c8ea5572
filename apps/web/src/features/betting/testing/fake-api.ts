/*
 * Tests only: a stand-in for `@/shared/http/api` that records each call and answers from a queue
 * per route key. Answers are parsed values, as the HTTP client hands them over: money in paise.
 *
 *   vi.mock('@/shared/http/api', async () => (await import('../testing/fake-api')).fakeApiModule);
 */

/** The calls made, in order: the route key and the body. */
export const sent: { key: string; body: unknown }[] = [];
/** What the next calls to a route answer, first first; a call with none left fails the test. */
export const answers: Record<string, (() => unknown)[]> = {};

/** The bodies sent to one route, in order. */
export const bodies = (key: string) => sent.filter((s) => s.key === key).map((s) => s.body);

/** Forgets the calls and the answers left (each test's beforeEach). */
export function resetFakeApi() {
  sent.length = 0;
  for (const key of Object.keys(answers)) delete answers[key];
}

export const fakeApiModule = {
  readStoredAnswer: async () => undefined,
  storeAnswer: async () => undefined,
  call: async (key: string, options: { body?: unknown } = {}) => {
    sent.push({ key, body: options.body });
    const answer = answers[key]?.shift();
    if (!answer) throw new Error(`unexpected call ${key}`);
    return answer();
  },
};
