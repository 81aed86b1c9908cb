// Bundles the CLI (dist/cli/main.js and every command it imports lazily) into dist/bundle/: main.js plus one
// chunk per lazily imported command (code splitting), so `--help` loads main alone and `run` loads a few
// files instead of some 1,500 small modules (typebox alone is 683). Node 20 has no module compile cache, so
// the module count is most of a cold start.
//
// What stays external, resolved at run time from this package: native modules (better-sqlite3, pg). Files
// that find other files by `import.meta.url` (drizzle migration folders, worker files, web client assets,
// createRequire) keep pointing at their original place: in this package relative to the bundle, in a
// workspace package through `import.meta.resolve("<package>")`, so the packed tarball works as the repo does.
// The build fails on any third-party module that uses import.meta.url, __dirname or __filename (it would
// silently point at the bundle), and on an external this package cannot resolve.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const agentDir = fileURLToPath(new URL("..", import.meta.url));
const outdir = join(agentDir, "dist", "bundle");
const manifest = JSON.parse(readFileSync(join(agentDir, "package.json"), "utf8"));
const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));

/**
 * Packages loaded from node_modules at run time, each a dependency of this package (checked below): native
 * code (better-sqlite3, pg and its optional pg-native), WebAssembly found by path (photon-node), and the
 * channels only `serve` starts (Slack brings undici, which finds files by __dirname). A channel's `./check`
 * subpath (plain code: config, policy and fetch) is bundled, so `validate` does not load the config package
 * and zod a second time from node_modules.
 */
const EXTERNAL = [
  "better-sqlite3",
  "pg",
  "@silvia-odwyer/photon-node",
  "@mono-agent/slack",
  "@mono-agent/telegram",
];
/**
 * Dependencies that are bundled but find some of their own files by `import.meta.url` on first use:
 * pi-ai 1.x loads Bedrock's AWS SDK and the OAuth login flows from its own dist folder. Their
 * `import.meta.url` is rewritten to the installed package's location (resolved at run time), so those
 * optional parts still load from node_modules while everything a run needs is in the bundle.
 */
const ORIGINAL_PLACE_DEPENDENCIES = ["@earendil-works/pi-ai"];
/** Optional peers some dependency imports only when installed (never a dependency of this package). */
const OPTIONAL_ABSENT = ["pg-native", "@opentelemetry/api"];

/** Nearest package.json above `file`: its folder and manifest. */
function owningPackage(file) {
  let dir = dirname(file);
  for (;;) {
    try {
      return { dir, manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) };
    } catch {
      const parent = dirname(dir);
      if (parent === dir) throw new Error(`bundle-cli: no package.json above ${file}`);
      dir = parent;
    }
  }
}

const toUrlPath = (path) => {
  const posix = path.split(sep).join("/");
  return posix.startsWith(".") ? posix : `./${posix}`;
};

/** An expression for the original URL of `file`, valid in the bundle (see the header). */
function originalUrlExpression(file) {
  const owner = owningPackage(file);
  if (owner.manifest.name === manifest.name)
    return `new URL(${JSON.stringify(toUrlPath(relative(outdir, file)))}, import.meta.url).href`;
  if (
    !owner.manifest.name?.startsWith("@mono-agent/") &&
    !ORIGINAL_PLACE_DEPENDENCIES.includes(owner.manifest.name)
  )
    throw new Error(
      `bundle-cli: ${file} (${owner.manifest.name}) uses import.meta.url: mark the package external in scripts/bundle-cli.mjs`,
    );
  if (!dependencies.has(owner.manifest.name))
    throw new Error(
      `bundle-cli: ${owner.manifest.name} locates files by import.meta.url but is not a dependency of ${manifest.name}`,
    );
  const root = owner.manifest.exports?.["."];
  const entry = typeof root === "string" ? root : (root?.import ?? root?.default);
  if (typeof entry !== "string")
    throw new Error(`bundle-cli: ${owner.manifest.name} has no "." import export`);
  const fromEntry = toUrlPath(relative(dirname(join(owner.dir, entry)), file));
  return `new URL(${JSON.stringify(fromEntry)}, import.meta.resolve(${JSON.stringify(owner.manifest.name)})).href`;
}

const keepOriginalPlaces = {
  name: "keep-original-places",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith("@")
        ? args.path.split("/").slice(0, 2).join("/")
        : args.path.split("/")[0];
      const bundledSubpath = args.path === `${name}/check`;
      return (EXTERNAL.includes(name) && !bundledSubpath) || OPTIONAL_ABSENT.includes(name)
        ? { path: args.path, external: true }
        : undefined;
    });
    builder.onLoad({ filter: /\.(m?js|cjs)$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const inNodeModules = args.path.includes(`${sep}node_modules${sep}`);
      if (inNodeModules && !ORIGINAL_PLACE_DEPENDENCIES.includes(owningPackage(args.path).manifest.name)) {
        if (/\bimport\.meta\.url\b|\b__dirname\b|\b__filename\b/.test(source))
          throw new Error(
            `bundle-cli: ${args.path} locates files by its own path: mark its package external in scripts/bundle-cli.mjs`,
          );
        return undefined;
      }
      if (!source.includes("import.meta.url")) return undefined;
      return {
        contents: source.replaceAll("import.meta.url", originalUrlExpression(args.path)),
        loader: "js",
        resolveDir: dirname(args.path),
      };
    });
  },
};

// jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its ESM build
// (its "module" field) bundles like any other module.
const jsoncParserEsm = {
  name: "jsonc-parser-esm",
  setup(builder) {
    builder.onResolve({ filter: /^jsonc-parser$/ }, async (args) => {
      const main = await builder.resolve("jsonc-parser/package.json", {
        kind: "import-statement",
        resolveDir: args.resolveDir,
      });
      return { path: join(dirname(main.path), "lib", "esm", "main.js") };
    });
  },
};

// zod re-exports its 60-odd translated message sets as `z.locales` from its core and classic
// entries. Nothing here reads `z.locales` (zod's schemas import English, its default, on their
// own), so those entries get English alone: about a third less JavaScript for every command that
// loads zod (validate, run) to compile at start.
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${sep}zod${sep}v4${sep}`)
        ? { path: join(dirname(args.importer), "..", "locales", "en.js"), namespace: "zod-english-only" }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: "zod-english-only" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      loader: "js",
      resolveDir: dirname(args.path),
    }));
  },
};

// The MCP SDK's client and server import Ajv and ajv-formats at load and build an instance each, although
// only an outputSchema or an elicitation answer is ever validated with them. The bundle gets a stand-in
// (scripts/lazy-ajv-provider.mjs) that loads the SDK's own provider on first use.
const lazyAjvProvider = {
  name: "lazy-ajv-provider",
  setup(builder) {
    const shim = join(agentDir, "scripts", "lazy-ajv-provider.mjs");
    builder.onResolve({ filter: /^@modelcontextprotocol\/sdk\/validation\/ajv$/ }, () => ({ path: shim }));
    // The v2 client (mcp-bridge) loads its validator through `_shims` at load, and `validators/ajv` directly.
    const shimV2 = join(agentDir, "scripts", "lazy-ajv-provider-v2.mjs");
    builder.onResolve({ filter: /^@modelcontextprotocol\/client\/(_shims|validators\/ajv)$/ }, () => ({
      path: shimV2,
    }));
    builder.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) =>
      args.importer.includes(`${sep}@modelcontextprotocol${sep}sdk${sep}`) ? { path: shim } : undefined,
    );
  },
};

// The SDK's server imports zod-to-json-schema at load, for zod 3 tool schemas only (zod 4 converts
// itself). The bundle gets a stand-in (scripts/lazy-zod-to-json-schema.mjs) that loads it on first use.
const lazyZodToJsonSchema = {
  name: "lazy-zod-to-json-schema",
  setup(builder) {
    const shim = join(agentDir, "scripts", "lazy-zod-to-json-schema.mjs");
    builder.onResolve({ filter: /^zod-to-json-schema$/ }, (args) =>
      args.importer.includes(`${sep}@modelcontextprotocol${sep}sdk${sep}`) ? { path: shim } : undefined,
    );
  },
};

// `import { z } from "zod"` (zod's namespace re-exported under a name) makes esbuild build the whole
// namespace object, so every export of zod is bundled and compiled by any command that loads zod, although
// each importer only reads properties of it. `import * as z` reads the same properties and lets esbuild drop
// what nobody reads (zod's compiler, JSON Schema reader and most checks): our packages import zod that way;
// this plugin rewrites the one dependency that does not (the Mistral SDK, loaded by pi-ai).
const ZOD_NAMED_NAMESPACE =
  /import\s*\{\s*z(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*\}\s*from\s*(["'])(zod(?:\/v4)?)\2/g;
const zodNamespaceImports = {
  name: "zod-namespace-imports",
  setup(builder) {
    builder.onLoad({ filter: /\.m?js$/ }, (args) => {
      if (!args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = readFileSync(args.path, "utf8");
      // A file that finds others by its own path is refused by keep-original-places below.
      if (
        !ZOD_NAMED_NAMESPACE.test(source) ||
        /\bimport\.meta\.url\b|\b__dirname\b|\b__filename\b/.test(source)
      )
        return undefined;
      ZOD_NAMED_NAMESPACE.lastIndex = 0;
      return {
        contents: source.replace(
          ZOD_NAMED_NAMESPACE,
          (_, alias, quote, specifier) => `import * as ${alias ?? "z"} from ${quote}${specifier}${quote}`,
        ),
        loader: "js",
        resolveDir: dirname(args.path),
      };
    });
  },
};

// zod's JSON Schema reader (`z.fromJSONSchema`) spreads every classic schema into an object at load, and
// the build runs every top-level statement (it does not trust side-effect claims, see `ignoreAnnotations`
// below), so it would keep all of zod's schema classes and checks in the bundle. Nothing here reads JSON
// Schema into zod; the bundle gets a stand-in that says so if something ever calls it.
const zodWithoutJsonSchemaReader = {
  name: "zod-without-json-schema-reader",
  setup(builder) {
    builder.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) =>
      args.importer.includes(`${sep}zod${sep}v4${sep}classic${sep}`)
        ? { path: "from-json-schema", namespace: "zod-without-json-schema-reader" }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: "zod-without-json-schema-reader" }, () => ({
      contents:
        'export function fromJSONSchema() { throw new Error("zod\'s fromJSONSchema is left out of the mono-agent CLI bundle (apps/agent/scripts/bundle-cli.mjs)"); }',
      loader: "js",
    }));
  },
};

for (const name of EXTERNAL)
  if (!dependencies.has(name))
    throw new Error(`bundle-cli: ${name} is external, so it must be a dependency of ${manifest.name}`);

// A bundle of an earlier build would leave its chunks beside the new ones.
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: join(agentDir, "dist", "cli", "main.js") },
  outdir,
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  chunkNames: "[name]-[hash]",
  // CommonJS dependencies bundled into ES modules still call require for Node's built-ins.
  banner: {
    js: 'import { createRequire as __monoAgentCreateRequire } from "node:module"; const require = __monoAgentCreateRequire(import.meta.url);',
  },
  // Side-effect-free claims of dependencies are not trusted: a module is dropped only when nothing imports it.
  ignoreAnnotations: true,
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [
    jsoncParserEsm,
    lazyAjvProvider,
    lazyZodToJsonSchema,
    zodNamespaceImports,
    keepOriginalPlaces,
    zodEnglishOnly,
    zodWithoutJsonSchemaReader,
  ],
});
// Which modules each bundle file holds (absolute paths), for tests that check what a command loads.
const inputsByFile = Object.fromEntries(
  Object.entries(result.metafile.outputs).map(([output, { inputs }]) => [
    basename(output),
    // A module esbuild reached but took nothing from (every export unused) is not in the file.
    Object.entries(inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => join(agentDir, input)),
  ]),
);
writeFileSync(join(agentDir, "dist", "bundle-inputs.json"), `${JSON.stringify(inputsByFile)}\n`);
