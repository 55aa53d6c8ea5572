import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadStates, type Read } from './ReadStates';

const read = (over: Partial<Read<string[]>>): Read<string[]> => ({
  data: undefined,
  isPending: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

function show(r: Read<string[]>) {
  return render(
    <ReadStates read={r} isEmpty={(d) => d.length === 0} empty={<p>Nothing here</p>}>
      {(d) => (
        <ul>
          {d.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
    </ReadStates>,
  );
}

describe('ReadStates', () => {
  afterEach(cleanup);

  it('shows a spinner while the first read is on its way', () => {
    show(read({ isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('says a failed read plainly and retries it', () => {
    const r = read({ error: new Error('The server could not be reached.') });
    show(r);
    expect(screen.getByRole('alert').textContent).toContain('The server could not be reached.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(r.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps what it showed when a later refetch fails', () => {
    show(read({ data: ['Bet 1'], error: new Error('offline') }));
    expect(screen.getByText('Bet 1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when there is nothing, and shows the content when there is', () => {
    const { unmount } = show(read({ data: [] }));
    expect(screen.getByText('Nothing here')).toBeTruthy();
    unmount();
    show(read({ data: ['Bet 1', 'Bet 2'] }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
