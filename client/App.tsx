import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { I18nProvider } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { TOAST_AUTOCLOSE_MS } from "../shared/constants";
import { i18n } from "./i18n";
import { RootLayout } from "./layout/RootLayout";
import { createAppClient, createQueryClient, TRPCProvider } from "./lib/trpc";
import { AppRoutes } from "./routes";
import { createAppTheme, cssVariablesResolver } from "./theme";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createAppClient);
  return (
    <I18nProvider i18n={i18n}>
      <Themed>
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
      </Themed>
    </I18nProvider>
  );
}

/** The theme (client/theme.ts) with its labels in the UI language. */
function Themed({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const close = t`Close`;
  const theme = useMemo(() => createAppTheme({ close }), [close]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
