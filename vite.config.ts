import { vitePlugin as remix } from "@remix-run/dev";
import { installGlobals } from "@remix-run/node";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

installGlobals({ nativeFetch: true });

// `shopify app dev` passes the tunnel URL as HOST; the app knows itself as SHOPIFY_APP_URL.
if (process.env.HOST && (!process.env.SHOPIFY_APP_URL || process.env.SHOPIFY_APP_URL === process.env.HOST)) {
  process.env.SHOPIFY_APP_URL = process.env.HOST;
  delete process.env.HOST;
}

const appHost = new URL(process.env.SHOPIFY_APP_URL || "http://localhost").hostname;

// Through the tunnel the browser reaches Vite's HMR socket on 443 (wss); locally on a fixed port.
const hmr =
  appHost === "localhost"
    ? { protocol: "ws", host: "localhost", port: 64999, clientPort: 64999 }
    : { protocol: "wss", host: appHost, port: Number(process.env.FRONTEND_PORT) || 8002, clientPort: 443 };

export default defineConfig({
  server: {
    allowedHosts: [appHost],
    cors: { preflightContinue: true },
    port: Number(process.env.PORT || 3000),
    hmr,
    fs: { allow: ["app", "node_modules"] },
  },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: false,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
  build: {
    assetsInlineLimit: 0,
    // Rollup splits every module two routes share into a chunk of its own: each new page sharing a few components
    // with the Video Library added requests to its first open (33 of them, most under 2 KB). Side-effect-free
    // chunks under 10 KB are merged into a chunk loaded with them instead; a page may then load a few KB it
    // does not run (decision 074).
    rollupOptions: { output: { experimentalMinChunkSize: 10_000 } },
  },
  optimizeDeps: { include: ["@shopify/app-bridge-react", "@shopify/polaris"] },
});
