import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_FLAGS, useLayoutFlag, useLayoutStore, type LayoutHandle } from './layout';

/** A header part that shows a flag, above pages that may declare it in their route. */
function Header() {
  return <p>slider {useLayoutFlag('sliderHeader') ? 'on' : 'off'}</p>;
}

function mount(path: string) {
  const declares: LayoutHandle = { layout: { sliderHeader: true } };
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Header />
            <Outlet />
          </>
        ),
        children: [
          { path: '/inplay', handle: declares, element: <Link to="/other">other page</Link> },
          { path: '/other', element: <Link to="/inplay">in-play</Link> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  useLayoutStore.getState().resetFlags();
});

describe('useLayoutFlag', () => {
  it("is the route's flag in the render that mounts the route", () => {
    mount('/inplay');
    // Synchronously, with no effect run in between: the first frame already has it.
    expect(screen.getByText('slider on')).toBeTruthy();
  });

  it("follows the route: off on a page that declares nothing, as the store's default", () => {
    expect(DEFAULT_LAYOUT_FLAGS.sliderHeader).toBe(false);
    mount('/inplay');
    act(() => screen.getByText('other page').click());
    expect(screen.getByText('slider off')).toBeTruthy();
    act(() => screen.getByText('in-play').click());
    expect(screen.getByText('slider on')).toBeTruthy();
  });

  it("is the store's flag where no route declares it", () => {
    mount('/other');
    expect(screen.getByText('slider off')).toBeTruthy();
    act(() => useLayoutStore.getState().setFlags({ sliderHeader: true }));
    expect(screen.getByText('slider on')).toBeTruthy();
  });
});
