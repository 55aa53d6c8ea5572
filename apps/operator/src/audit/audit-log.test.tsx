import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole, signedInAs } from '@/test/console';
import { fakeServer, ok } from '@/test/fake-server';

function row(id: number, actor: string, action: string, at: string) {
  return {
    id,
    at,
    actor,
    role: actor.startsWith('cli:') ? null : 'finance',
    action,
    target: `payment_request:${id}`,
    before: { status: 'Pending' },
    after: { status: 'Approved' },
    requestId: `req-${id}`,
    ip: '10.0.0.1',
  };
}

describe('the audit log', () => {
  it('lists the rows read-only and pages through the server', async () => {
    signedInAs('owner');
    const server = fakeServer({
      'GET /admin/audit-log': (req) =>
        ok({
          totalCount: 120,
          items:
            req.params?.SkipCount === 50
              ? [row(70, 'ravi', 'payment.reject', '2025-11-23T10:00:00.000Z')]
              : [
                  row(2, 'asha', 'payment.approve_deposit', '2025-11-24T10:00:00.000Z'),
                  row(1, 'ravi', 'auth.sign_in', '2025-11-24T09:00:00.000Z'),
                ],
        }),
    });
    renderConsole('/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByTestId('audit-2');
    expect(screen.getByTestId('audit-2').textContent).toContain('payment.approve_deposit');
    expect(screen.getByTestId('audit-2').textContent).toContain(
      '{"status":"Pending"} → {"status":"Approved"}',
    );
    expect(server.calls('GET /admin/audit-log')[0]!.params).toEqual({ MaxResultCount: 50, SkipCount: 0 });
    // Nothing in the log can be changed from here.
    expect(within(table).queryAllByRole('button')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByTestId('audit-70')).toBeTruthy());
    expect(server.calls('GET /admin/audit-log').at(-1)!.params).toEqual({
      MaxResultCount: 50,
      SkipCount: 50,
    });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('filters on the server by operator, action family and time, and clears', async () => {
    signedInAs('owner');
    const server = fakeServer({
      'GET /admin/audit-log': (req) =>
        ok({
          totalCount: req.params?.actor ? 1 : 2,
          items: req.params?.actor
            ? [row(2, 'asha', 'payment.approve_deposit', '2025-11-24T10:00:00.000Z')]
            : [
                row(2, 'asha', 'payment.approve_deposit', '2025-11-24T10:00:00.000Z'),
                row(1, 'ravi', 'auth.sign_in', '2025-11-24T09:00:00.000Z'),
              ],
        }),
    });
    renderConsole('/audit');
    await screen.findByTestId('audit-1');
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: ' asha ' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'payment.' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-11-24T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByTestId('audit-1')).toBeNull());
    expect(screen.getByText('1 rows match.')).toBeTruthy();
    expect(server.calls('GET /admin/audit-log').at(-1)!.params).toEqual({
      MaxResultCount: 50,
      SkipCount: 0,
      actor: 'asha',
      action: 'payment.',
      from: new Date('2025-11-24T00:00').toISOString(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByTestId('audit-1');
    expect(screen.getByText('2 rows in all.')).toBeTruthy();
    expect((screen.getByLabelText('Operator') as HTMLInputElement).value).toBe('');
  });
});
