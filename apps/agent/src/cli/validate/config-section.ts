import type { ConfigIssue, LoadedConfig } from "@mono-agent/config";
import { checkConfig } from "@mono-agent/config/check";
import { MAX_INSTRUCTIONS_BYTES } from "../../app/run/system-prompt.js";
import { type CheckSection, section } from "./validate-report.js";

/** The Config section: where the config came from, the resolved folders, and every config-level issue. */
export function configSection(
  loaded: LoadedConfig | undefined,
  issues: readonly ConfigIssue[],
): CheckSection {
  return section(
    "config",
    "Config",
    checkConfig(loaded, issues, { maxInstructionsBytes: MAX_INSTRUCTIONS_BYTES }),
  );
}
