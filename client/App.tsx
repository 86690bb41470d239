import { Alert, type CSSVariablesResolver, MantineProvider, createTheme } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { TOAST_AUTOCLOSE_MS } from "../shared/constants";
import { i18n } from "./i18n";
import { RootLayout } from "./layout/RootLayout";
import { createAppClient, createQueryClient, TRPCProvider } from "./lib/trpc";
import { AppRoutes } from "./routes";

const theme = createTheme({
  primaryColor: "blue",
  // blue.8 under white text reaches WCAG AA contrast (4.5:1); Mantine's default blue.6 does not.
  primaryShade: 8,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "md",
  components: {
    // A yellow or orange title on its light background is below AA contrast: titles take the text colour.
    Alert: Alert.extend({ styles: { title: { color: "var(--mantine-color-text)" } } }),
  },
});

/** Dimmed text in gray.7 (7:1 on white) instead of gray.6 (3.3:1, below WCAG AA). */
const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { "--mantine-color-dimmed": t.colors.gray[7] },
  dark: {},
});

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createAppClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <ModalsProvider>
              <Notifications position="top-right" autoClose={TOAST_AUTOCLOSE_MS} limit={5} />
              <RootLayout>
                <AppRoutes />
              </RootLayout>
            </ModalsProvider>
          </TRPCProvider>
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>
  );
}
