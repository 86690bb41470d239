import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["de", "en"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      // Shared: the client and the server (mail, PDF) both import the compiled catalogs.
      path: "<rootDir>/shared/i18n/locales/{locale}/messages",
      include: ["<rootDir>/client", "<rootDir>/server", "<rootDir>/shared"],
      exclude: ["**/node_modules/**", "**/locales/**"],
    },
  ],
  compileNamespace: "ts",
});
