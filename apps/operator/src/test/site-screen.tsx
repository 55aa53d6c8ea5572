import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '@/app/App';
import { makeQueryClient } from '@/app/query-client';
import { SitePage } from '@/site/SitePage';

/** The Site screen alone at `path` (a tab in its query), with a query client of its own. */
export function renderSite(path = '/site') {
  return render(
    <Providers queryClient={makeQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/site" element={<SitePage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

// Found by their labels and text rather than by role: the Site screen's forms are long, and
// computing every control's accessible name for each role query is slow in jsdom.
export const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
export const button = (name: string) => screen.getByText(name, { selector: 'button' }) as HTMLButtonElement;
export const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
