import drizzle from "eslint-plugin-drizzle";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "data/", "drizzle/", "shared/i18n/locales/", "test-results/", "playwright-report/"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { drizzle, "react-hooks": reactHooks },
    rules: {
      // A DELETE or UPDATE without WHERE is a bug (CONVENTIONS).
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx", "database"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx", "database"] }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Domain code does not import the transport (ARCHITECTURE): a domain's router.ts assembles
    // its procedures; services take a db handle and typed options, errors come from server/lib.
    files: ["server/modules/**/*.ts"],
    ignores: ["server/modules/**/router.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)trpc/|^@trpc/",
              message: "Only router.ts files import the transport: take a db/tx handle and a typed options object, throw AppError from server/lib.",
            },
          ],
        },
      ],
    },
  },
);
