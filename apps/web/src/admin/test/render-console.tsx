/** Test helpers of the console: its routes in a memory router, and a signed-in member. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { StaffRole, StaffSessionResponse } from '@storefront/shared/staff';
import { ToasterHost } from '../../components/ui/toaster-host';
import { testQueryClient } from '../../test/render';
import { ConsoleRoutes } from '../app/router';

export function sessionOf(role: StaffRole, fullName = 'Priya Nair'): StaffSessionResponse {
  return {
    staff: {
      id: '65a0000000000000000000aa',
      email: `${role}@shop.example`,
      fullName,
      role,
      disabled: false,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
    recoveryCodesLeft: 10,
  };
}

/** For the first find of a page: its lazy chunk is transformed on first import in a test run. */
export const FIRST_LOAD = { timeout: 5_000 };

/** Where the console is now, path and search, as the router holds it. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** The console opened at `path` (which may carry a search and a hash). */
export function renderConsole(path: string) {
  const client = testQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
        <Location />
        <ToasterHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
