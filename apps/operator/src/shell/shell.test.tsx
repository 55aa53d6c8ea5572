import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/session/session-store';
import { renderConsole, signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';

const emptyQueue = ok({ totalCount: 0, items: [] });
const emptyLog = ok({ totalCount: 0, items: [] });
/** The dashboard's own figures are tested beside it; here only which screens a role reaches. */
const noDashboard = refused(403, 'FORBIDDEN', 'Not in this test');

function navLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Screens' });
  return within(nav)
    .queryAllByRole('link')
    .map((a) => a.textContent!.trim());
}

describe('the shell', () => {
  it('opens on the dashboard, and shows finance the Finance queue and Players, not the Audit log', async () => {
    signedInAs('finance');
    fakeServer({ 'GET /admin/dashboard': noDashboard });
    renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(navLinks()).toEqual(['Dashboard', 'Finance queue', 'Players']);
  });

  it('shows the owner every screen', async () => {
    signedInAs('owner');
    fakeServer({ 'GET /admin/payment-requests': emptyQueue, 'GET /admin/audit-log': emptyLog });
    renderConsole('/audit');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    expect(navLinks()).toEqual(['Dashboard', 'Finance queue', 'Trading', 'Players', 'Site', 'Audit log']);
  });

  it('shows support the dashboard and Players, and no finance queue', async () => {
    signedInAs('support');
    fakeServer({ 'GET /admin/dashboard': noDashboard });
    renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(navLinks()).toEqual(['Dashboard', 'Players']);
  });

  it('tells a trader which screens are theirs: the dashboard and Trading', async () => {
    signedInAs('trader');
    fakeServer({ 'GET /admin/dashboard': noDashboard });
    renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(navLinks()).toEqual(['Dashboard', 'Trading']);
  });

  it('says "not allowed" for a screen the role may not use, without calling the server', async () => {
    signedInAs('finance');
    const server = fakeServer();
    renderConsole('/audit');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Not allowed\. Your role \(Finance\) may not use the Audit log/,
    );
    expect(server.calls('GET /admin/audit-log')).toHaveLength(0);
  });

  it('says "not allowed" when the server answers 403', async () => {
    signedInAs('owner');
    fakeServer({
      'GET /admin/audit-log': refused(403, 'FORBIDDEN', 'Your role (owner) may not do this.'),
    });
    renderConsole('/audit');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /may not read the audit log\. The server said: Your role \(owner\) may not do this\./,
    );
  });

  it('goes back to sign-in with a message when a call answers 401', async () => {
    signedInAs('finance');
    fakeServer({
      'GET /admin/payment-requests': refused(401, 'UNAUTHENTICATED', 'Please log in to continue.'),
    });
    renderConsole('/finance');
    expect(await screen.findByLabelText('Authenticator code')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your session has ended. Sign in again to continue.');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('signs out with the button: the session leaves the tab', async () => {
    signedInAs('finance', 'asha');
    fakeServer({ 'GET /admin/payment-requests': emptyQueue });
    renderConsole('/finance');
    fireEvent.click(await screen.findByRole('button', { name: /Sign out/ }));
    expect(await screen.findByLabelText('User name')).toBeTruthy();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
