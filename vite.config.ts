import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const serverPort = Number(process.env.PORT ?? 3000);
const serverUrl = `http://localhost:${serverPort}`;

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [
    // Lingui macros must be compiled before React's transform sees the JSX.
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    react(),
    // The check-in page's app shell (issue 18, decision 018): a service worker scoped to
    // /event-staff/ precaches the built app, so the door page loads after a reload without
    // network. Other pages are outside its scope and load as before.
    VitePWA({
      injectRegister: false,
      registerType: "autoUpdate",
      manifest: false,
      scope: "/event-staff/",
      workbox: {
        globPatterns: ["**/*.{js,css,html,wasm,svg,png,ico,woff2}"],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: "/index.html",
        navigateFallbackAllowlist: [/^\/event-staff\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: { outDir: "../dist/client", emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      "/trpc": { target: serverUrl, ws: true },
      "/api": serverUrl,
      "/dev": serverUrl,
      "/healthz": serverUrl,
      "/uploads": serverUrl,
    },
  },
});
