/** What routerStarted reads of a data router. */
export interface StartingRouter {
  state: { initialized: boolean };
  subscribe(fn: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Settles when the router has loaded the chunks of the first location's routes. main.tsx renders
 * then: RouterProvider reads the router's state while it renders and subscribes only when it
 * commits, and a sliced (transition) render leaves a gap between the two in which the router's
 * start could end unseen.
 */
export function routerStarted(router: StartingRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
