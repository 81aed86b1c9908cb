import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkContinuationsConfig } from "@mono-agent/continuations/check";
import { type CheckSection, section } from "./validate-report.js";

/** The Continuations section of `mono-agent validate`: the findings of `@mono-agent/continuations`' own check. */
export async function continuationsSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord = {},
): Promise<CheckSection> {
  if (!loaded)
    return section(
      "continuations",
      "Continuations",
      [{ status: "disabled", message: "Continuations cannot be checked until the config loads." }],
      "disabled",
    );
  const { status, lines } = await checkContinuationsConfig(loaded, env);
  return section("continuations", "Continuations", lines, status);
}
