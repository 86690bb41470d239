import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const serverPort = Number(process.env.PORT ?? 3000);
const serverUrl = `http://localhost:${serverPort}`;

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [
    // Lingui macros must be compiled before React's transform sees the JSX.
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    react(),
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
