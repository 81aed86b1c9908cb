import type { LoadedConfig } from "@mono-agent/config";
import { checkRunStore } from "@mono-agent/run-history/check";
import { type CheckSection, section } from "./validate-report.js";

/** The Runs section of `mono-agent validate`: the findings of `@mono-agent/run-history`'s own check. */
export async function runsSection(loaded: LoadedConfig | undefined): Promise<CheckSection> {
  if (!loaded)
    return section(
      "runs",
      "Runs",
      [{ status: "disabled", message: "Runs cannot be checked until the config loads." }],
      "disabled",
    );
  const { status, lines } = await checkRunStore(loaded);
  return section("runs", "Runs", lines, status);
}
