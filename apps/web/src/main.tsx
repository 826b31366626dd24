// First: shared schemas must be built with zod's jitless parsing (CSP, lib/zod-config).
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { BrowserRouter } from './app/browser-router';
import { AppRoutes, loadFirstPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();

// The first page's module first, so the frame and the page paint together (router.tsx).
void loadFirstPage(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
