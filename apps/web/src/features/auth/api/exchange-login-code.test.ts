import { afterEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('@/shared/http/api', () => ({ call: (...args: unknown[]) => call(...args) }));
const { exchangeLoginCode } = await import('./exchange-login-code');

describe('the sign-in link exchange (section 7, POST /api/v1/token/token)', () => {
  afterEach(() => call.mockReset());

  it('sends the authorization_code grant as a public client: no secret, this page as redirect_uri', async () => {
    call.mockResolvedValue({ userName: 'player_one' });
    await exchangeLoginCode({ userName: 'player_one', code: 'c0de' }, 'https://play.example.com');
    expect(call).toHaveBeenCalledWith('tokenExchange', {
      body: {
        client_user: 'player_one',
        client_secret: '',
        redirect_uri: 'https://play.example.com/auth/token',
        grant_type: 'authorization_code',
        code: 'c0de',
      },
    });
  });
});
