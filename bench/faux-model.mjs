// Pi 1.x's faux provider on a `Models` collection of its own, for benches that run the app on a scripted
// model: `customModels: { "faux:bench": fauxBenchModel.entry }`, script it with `faux.setResponses`.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Loads pi-ai from the agent's own dependencies (the version the app runs on). */
export async function loadPiAi(agentDir) {
  const base = join(agentDir, "node_modules", "@earendil-works", "pi-ai", "dist");
  const ai = await import(pathToFileURL(join(base, "index.js")).href);
  const { fauxProvider } = await import(pathToFileURL(join(base, "providers", "faux.js")).href);
  return { ...ai, fauxProvider };
}

/** A faux provider registered on its own collection, and the `customModels` entry that runs it. */
export async function createBenchFaux(agentDir, options, label = "faux:bench") {
  const ai = await loadPiAi(agentDir);
  const faux = ai.fauxProvider(options);
  const models = ai.createModels();
  models.setProvider(faux.provider);
  const streamFn = models.streamSimple.bind(models);
  const entry = { model: faux.getModel(), streamFn, getApiKey: () => "x", label, isDemo: false };
  return { ai, faux, entry };
}
