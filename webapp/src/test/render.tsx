/**
 * Tests only: renders a page at a path inside a memory router, with a controllable region, an
 * account context and the status dialog.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountContext, type AccountContextValue } from '@/hooks/useAccount';
import { RegionContext, type RegionContextValue } from '@/hooks/useRegion';
import type { UserInfo } from '@/lib/session';

export interface PageOptions {
  path: string;
  /** The route pattern (default: the path without its query). */
  route?: string;
  regiao?: string;
  user?: UserInfo | null;
}

/** Shows the current location (path and query) for assertions. */
function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="local">{loc.pathname + loc.search}</div>;
}

export function renderPage(page: ReactNode, { path, route, regiao = 'Piracicaba, SP', user = null }: PageOptions) {
  const openRegionDialog = vi.fn();
  const account: AccountContextValue = {
    user,
    signIn: vi.fn(),
    openAccountMenu: vi.fn(),
    openPersonalData: vi.fn(),
  };
  const tree = (r: string) => {
    const value: RegionContextValue = { regiao: r, setRegiao: vi.fn(), openRegionDialog };
    return (
      <StatusDialogProvider>
        <RegionContext.Provider value={value}>
          <AccountContext.Provider value={account}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path={route ?? path.split('?')[0]} element={page} />
              </Routes>
              <LocationProbe />
            </MemoryRouter>
          </AccountContext.Provider>
        </RegionContext.Provider>
      </StatusDialogProvider>
    );
  };
  const result = render(tree(regiao));
  return {
    ...result,
    openRegionDialog,
    account,
    /** Re-renders with another visitor region (as the region dialog would set it). */
    setRegiao: (r: string) => result.rerender(tree(r)),
  };
}
