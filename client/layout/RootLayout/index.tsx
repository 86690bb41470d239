import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { PRELOADER_MS } from "../../../shared/constants";
import { AuthModals } from "../../components/AuthModals";
import { ErrorBoundary } from "../ErrorBoundary";
import { Preloader } from "../Preloader";
import { SessionWatcher } from "./SessionWatcher";

const PreloadingContext = createContext(false);

/** Whether the start splash still covers the page (a countdown waits for it, issue 24 item 5). */
export function usePreloading(): boolean {
  return useContext(PreloadingContext);
}

/** SPEC §2 root layout: the preloader, then the toast area (App) and the page. */
export function RootLayout({ children }: { children: ReactNode }) {
  const [preloading, setPreloading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPreloading(false), PRELOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ErrorBoundary>
      <PreloadingContext value={preloading}>
        {preloading && <Preloader />}
        <SessionWatcher />
        <AuthModals />
        {children}
      </PreloadingContext>
    </ErrorBoundary>
  );
}
