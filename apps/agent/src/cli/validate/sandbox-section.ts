import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkSandboxConfig } from "@mono-agent/sandbox/check";
import { type CheckSection, section } from "./validate-report.js";

/** The Sandbox section of `mono-agent validate`: the findings of `@mono-agent/sandbox`'s own check. */
export async function sandboxSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
): Promise<CheckSection> {
  if (!loaded)
    return section("sandbox", "Sandbox", [
      { status: "disabled", message: "The sandbox cannot be checked until the config loads." },
    ]);
  const { status, lines } = await checkSandboxConfig(loaded, env);
  return section("sandbox", "Sandbox", lines, status);
}
