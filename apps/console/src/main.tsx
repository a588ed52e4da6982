import 'bootstrap/dist/css/bootstrap.min.css';
import './app/layout.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { routerStarted } from './lib/router-started.ts';
import { initColorMode } from './lib/color-mode.ts';

// Before any schema is built (they load with the screens): zod's compiled parsers probe for eval,
// which the module's Content-Security-Policy refuses, and each probe is a reported violation.
zodConfig({ jitless: true });
initColorMode();

// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser paint and take input between them, where a default render is one long task (the frame
// and the landing screen together: Lighthouse's blocking time on a slow phone).
// It starts once the router has loaded the first route's chunks (routerStarted says why; the
// document's own first paint shows until then). The router is built in the next task, so that the
// scripts' evaluation and the route table's ranking are two shorter tasks instead of one long one.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
void new Promise((next) => setTimeout(next)).then(async () => {
  const router = createAppRouter();
  await routerStarted(router);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
});
