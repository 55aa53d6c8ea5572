import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('./api', () => ({ call: (...args: unknown[]) => call(...args) }));
const { loadClientIp } = await import('./client-ip');

describe("the client's IP lookup (section 7) and the 'ip' key", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => call.mockReset());

  it('asks our own server and keeps its answer under ip', async () => {
    call.mockResolvedValue({ ip: '203.0.113.9' });
    await loadClientIp();
    expect(call).toHaveBeenCalledWith('clientIp', { sessionRules: false });
    expect(JSON.parse(window.localStorage.getItem('ip') ?? 'null')).toEqual({ ip: '203.0.113.9' });
  });

  it('no answer: nothing breaks and the key keeps what it had', async () => {
    window.localStorage.setItem('ip', JSON.stringify({ ip: '198.51.100.1' }));
    call.mockRejectedValue(new Error('Network Error'));
    await expect(loadClientIp()).resolves.toBeUndefined();
    expect(window.localStorage.getItem('ip')).toBe(JSON.stringify({ ip: '198.51.100.1' }));
  });
});
