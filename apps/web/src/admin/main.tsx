// First: shared schemas must be built with zod's jitless parsing (CSP, lib/zod-config).
import '../lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './admin.css';
import { ConsoleProviders } from './app/providers';
import { ConsoleRoutes } from './app/router';
import { createConsoleQueryClient } from './app/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <ConsoleProviders client={createConsoleQueryClient()}>
      <BrowserRouter>
        <ConsoleRoutes />
      </BrowserRouter>
    </ConsoleProviders>
  </StrictMode>,
);
