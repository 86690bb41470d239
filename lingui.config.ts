import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["de", "en"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/client/i18n/locales/{locale}/messages",
      include: ["<rootDir>/client", "<rootDir>/server", "<rootDir>/shared"],
      exclude: ["**/node_modules/**", "**/locales/**"],
    },
  ],
  compileNamespace: "ts",
});
