import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkModel } from "@mono-agent/config/check";
import { type CheckSection, section } from "./validate-report.js";

/**
 * The Model section. It checks what can be checked without loading the model stack (validate must start
 * fast): the model reference, OpenAI-compatible providers and their key variables. Keys of pi-ai's
 * built-in providers are checked when a run starts.
 */
export function modelSection(loaded: LoadedConfig | undefined, env: EnvRecord): CheckSection {
  if (!loaded)
    return section("model", "Model", [
      { status: "disabled", message: "Not checked: the config did not load." },
    ]);
  return section("model", "Model", checkModel(loaded, env));
}
