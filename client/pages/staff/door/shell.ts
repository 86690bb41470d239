import { Workbox } from "workbox-window";

let registered = false;

/**
 * Registers the service worker that keeps the check-in page's app shell (vite.config.ts): only
 * under /event-staff/, only in a built app (the dev server has no worker). A new build takes
 * over at the next load.
 */
export function registerDoorShell(): void {
  // import.meta.hot is set by the dev server only (a build made with NODE_ENV=development, as the
  // browser tests' is, has no hot reload but does have the worker).
  if (registered || import.meta.hot || !("serviceWorker" in navigator)) return;
  registered = true;
  void new Workbox("/sw.js", { scope: "/event-staff/" }).register().catch(() => undefined);
}
