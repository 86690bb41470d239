import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { constants } from "node:zlib";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
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
    // Brotli and gzip files next to the built files, made once at build time at the highest
    // levels; the server sends them to browsers that accept them (decision 032). Files under
    // 1 KB, and those that would not shrink, stay as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm("gzip", { level: 9 }), defineAlgorithm("brotliCompress", { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
      logLevel: "silent",
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
