import { type ReactNode, useEffect, useState } from "react";
import { PRELOADER_MS } from "../../../shared/constants";
import { AuthModals } from "../../components/AuthModals";
import { ErrorBoundary } from "../ErrorBoundary";
import { Preloader } from "../Preloader";
import { SessionWatcher } from "./SessionWatcher";

/** SPEC §2 root layout: the preloader, then the toast area (App) and the page. */
export function RootLayout({ children }: { children: ReactNode }) {
  const [preloading, setPreloading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPreloading(false), PRELOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ErrorBoundary>
      {preloading && <Preloader />}
      <SessionWatcher />
      <AuthModals />
      {children}
    </ErrorBoundary>
  );
}
