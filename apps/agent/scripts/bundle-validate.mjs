// Bundles `mono-agent validate` (with @mono-agent/config, @mono-agent/policy, the root of @mono-agent/web-console and zod) into one ES module,
// dist/cli/validate-bundle.js. Loading one file instead of a few hundred small modules is what keeps
// validate's cold start under its 300 ms target on Node 20, which has no module compile cache.
// Everything else stays external: packages that locate files relative to import.meta.url must not move.
import { build } from "esbuild";

const BUNDLED =
  /^(@mono-agent\/config|@mono-agent\/policy|@mono-agent\/web-console|@mono-agent\/tools$|zod)(\/|$)/;

await build({
  entryPoints: ["dist/cli/validate/validate-command.js"],
  outfile: "dist/cli/validate-bundle.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  plugins: [
    {
      name: "external-except-config",
      setup(builder) {
        // `validate --connect` loads the MCP probe (and the MCP SDK) only when asked: keep it a separate module.
        builder.onResolve({ filter: /\/mcp\/probe-mcp-servers\.js$/ }, () => ({
          path: "./mcp/probe-mcp-servers.js",
          external: true,
        }));
        // PostgreSQL (pg, drizzle's pg-core, the stores' migration folders found by import.meta.url) only
        // for a config with storage.postgres: keep it a separate module, loaded from where it was built.
        builder.onResolve({ filter: /\/storage\/agent-storage-postgres\.js$/ }, () => ({
          path: "../storage/agent-storage-postgres.js",
          external: true,
        }));
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
