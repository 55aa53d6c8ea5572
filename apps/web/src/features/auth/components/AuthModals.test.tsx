import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@backlay/contract';
import { useRegistrationStore } from '../stores/registration';
import { LoginModal } from './LoginModal';
import { RegisterModal } from './RegisterModal';
import { VerificationModal } from './VerificationModal';

const calls: { key: string; body: unknown }[] = [];

vi.mock('@/shared/http/api', () => ({
  call: vi.fn(async (key: string, options: { body?: unknown } = {}) => {
    calls.push({ key, body: options.body });
    if (key === 'register') {
      const body = options.body as { userName: string; mobile: string };
      return {
        userName: body.userName,
        mobile: body.mobile.replace(/^(?:0091|\+91|0)/, ''),
        domain: 'test',
        skipVerification: false,
        otpExpiresInSeconds: 120,
      };
    }
    // A sign-in the test does not follow further.
    throw new Error('Invalid user name or password.');
  }),
}));
// Signing in starts realtime and storage work these tests do not look at.
vi.mock('../lib/session', () => ({ startSession: vi.fn() }));

function renderModal(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useRegistrationStore.setState({ info: null });
});

describe('sign-in', () => {
  it('takes a user name or a registered mobile number, sent as typed (the server reads either)', async () => {
    renderModal(<LoginModal open onClose={() => undefined} />);
    type('Username or mobile number', '+91 98765 43210');
    type('Password', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toEqual(['authenticate']));
    expect(calls[0]?.body).toMatchObject({ userNameOrEmailAddress: '+91 98765 43210' });
  });
});

describe('registration', () => {
  it.each(['98765 43210', '+91 98765 43210'])('accepts the mobile typed as %s', async (mobile) => {
    renderModal(
      <RegisterModal
        open
        onClose={() => undefined}
        skipVerification={false}
        reloadSettings={async () => 0}
      />,
    );
    type('Username', 'player_one');
    type('Password', 'Passw0rd!');
    type('Confirm password', 'Passw0rd!');
    type('Mobile number', mobile);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toEqual(['register']));
    expect(screen.queryByText(MESSAGES.mobileInvalid)).toBeNull();
    expect((calls[0]?.body as { mobile: string }).mobile.replace(/^\+91/, '')).toBe('9876543210');
    expect(useRegistrationStore.getState().info?.mobile).toBe('9876543210');
  });

  it('still refuses a number that is not an Indian mobile, with the section 5 message', async () => {
    renderModal(
      <RegisterModal
        open
        onClose={() => undefined}
        skipVerification={false}
        reloadSettings={async () => 0}
      />,
    );
    type('Username', 'player_one');
    type('Password', 'Passw0rd!');
    type('Confirm password', 'Passw0rd!');
    type('Mobile number', '58765 43210');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.mobileInvalid)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('verification', () => {
  it('says when the code has expired, and offers a new one', () => {
    vi.useFakeTimers();
    useRegistrationStore.setState({ info: { userName: 'player_one', mobile: '9876543210', domain: 'test' } });
    renderModal(<VerificationModal open onClose={() => undefined} reloadSettings={async () => 0} />);
    expect(screen.getByTestId('otp-countdown').textContent).toBe('2:00');
    expect(screen.queryByTestId('otp-expired')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Again Code' })).toBeNull();
    // The seconds are not read out as they pass; an empty status waits for the expiry.
    expect(screen.getByTestId('otp-countdown').closest('[aria-live], [role="status"]')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(119_000));
    expect(screen.queryByTestId('otp-expired')).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('otp-countdown').textContent).toBe('0:00');
    expect(screen.getByTestId('otp-expired').textContent).toBe(
      'This code has expired. Use “Send Again Code” for a new one.',
    );
    expect(screen.getByRole('status').textContent).toBe(
      'This code has expired. Use “Send Again Code” for a new one.',
    );
    expect(screen.getByText('Code expired')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Again Code' })).toBeTruthy();
  });
});
