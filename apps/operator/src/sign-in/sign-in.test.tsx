import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/session/session-store';
import { renderConsole } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';

function fill(userName: string, password: string, code: string) {
  fireEvent.change(screen.getByLabelText('User name'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in', () => {
  it('sends the user name, password and TOTP code, keeps the session in the tab, and opens the role’s first screen', async () => {
    const server = fakeServer({
      'POST /admin/auth/login': ok({
        accessToken: 'op.jwt',
        expireInSeconds: 900,
        operator: { userName: 'asha', role: 'finance', domainId: 1 },
      }),
      'GET /admin/dashboard': refused(403, 'FORBIDDEN', 'Not for this test'),
    });
    renderConsole('/');
    // Without a session, every screen is the sign-in page.
    expect(await screen.findByRole('heading', { name: 'Backlay operators' })).toBeTruthy();
    fill(' asha ', 'a long pass phrase', '123456');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    const [login] = server.calls('POST /admin/auth/login');
    expect(login!.body).toEqual({ userName: 'asha', password: 'a long pass phrase', totp: '123456' });
    const stored = JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY)!);
    expect(stored).toMatchObject({ accessToken: 'op.jwt', operator: { userName: 'asha', role: 'finance' } });
    expect(stored.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(window.localStorage.length).toBe(0);
    // Who is signed in, with the role, in the header; and the dashboard asked for with the new token.
    expect(screen.getByLabelText('Signed in as').textContent).toBe('ashaFinance');
    await waitFor(() => expect(server.calls('GET /admin/dashboard')).toHaveLength(1));
    expect(server.calls('GET /admin/dashboard')[0]!.authorization).toBe('Bearer op.jwt');
  });

  it('asks for the 6-digit code before sending anything', async () => {
    const server = fakeServer();
    renderConsole('/sign-in');
    fill('asha', 'a long pass phrase', '12345');
    expect(await screen.findByText('The 6-digit code of your authenticator app')).toBeTruthy();
    expect(server.calls('POST /admin/auth/login')).toHaveLength(0);
  });

  it('says wrong credentials plainly and clears the used code', async () => {
    fakeServer({
      'POST /admin/auth/login': refused(401, 'INVALID_CREDENTIALS', 'Invalid user name or password.'),
    });
    renderConsole('/sign-in');
    fill('asha', 'wrong password!', '123456');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/user name, password or authenticator code is not right/);
    expect((screen.getByLabelText('Authenticator code') as HTMLInputElement).value).toBe('');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('says how long to wait when signing in is rate limited', async () => {
    fakeServer({
      'POST /admin/auth/login': refused(429, 'RATE_LIMITED', 'Too many attempts.', {
        headers: { 'retry-after': '60' },
      }),
    });
    renderConsole('/sign-in');
    fill('asha', 'a long pass phrase', '123456');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in 60 s.'),
    );
  });
});
