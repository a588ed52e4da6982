import 'bootstrap/dist/css/bootstrap.min.css';
import './app/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { initColorMode } from './lib/color-mode.ts';

// Before any schema is built (they load with the screens): zod's compiled parsers probe for eval,
// which the module's Content-Security-Policy refuses, and each probe is a reported violation.
zodConfig({ jitless: true });
initColorMode();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
