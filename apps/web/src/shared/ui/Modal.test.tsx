import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

/** An opener beside a modal with a field and two buttons, as the account menu opens its dialogs. */
function Page({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Login Activity"
        footer={<button type="button">Done</button>}
      >
        <label htmlFor="filter">Show</label>
        <select id="filter">
          <option>All</option>
        </select>
      </Modal>
    </>
  );
}

const key = (k: string, shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: k, shiftKey });

describe('the modal by keyboard', () => {
  afterEach(cleanup);

  it('takes the focus to its first field (not the close button), keeps Tab inside and gives the focus back on Escape', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Login Activity' });
    expect(document.activeElement).toBe(screen.getByLabelText('Show'));

    // From the last control Tab wraps to the first (the close button), and Shift+Tab back.
    const close = screen.getByRole('button', { name: 'Close' });
    const done = screen.getByRole('button', { name: 'Done' });
    done.focus();
    key('Tab');
    expect(document.activeElement).toBe(close);
    key('Tab', true);
    expect(document.activeElement).toBe(done);
    // A focus that got behind the modal (a click outside) is brought back in by the next Tab.
    screen.getByRole('button', { name: 'Elsewhere', hidden: true }).focus();
    key('Tab');
    expect(dialog.contains(document.activeElement)).toBe(true);

    key('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes by its close button and returns the focus there too', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the focus alone on close when its opener is gone (a menu that closed as it opened the modal)', () => {
    const { rerender } = render(
      <Modal open={false} onClose={() => undefined} title="Book">
        <p>Nothing to focus here</p>
      </Modal>,
    );
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    rerender(
      <Modal open onClose={() => undefined} title="Book">
        <p>Nothing to focus here</p>
      </Modal>,
    );
    // Only the close button can take the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    opener.remove();
    rerender(
      <Modal open={false} onClose={() => undefined} title="Book">
        <p>Nothing to focus here</p>
      </Modal>,
    );
    expect(document.activeElement).toBe(document.body);
  });
});
