import type { LoadedConfig } from "@mono-agent/config";
import { checkInteraction } from "@mono-agent/interaction/check";
import { checkApprovalRules } from "@mono-agent/tools/check";
import { type CheckSection, section } from "./validate-report.js";

const LABEL = "Interaction";

/**
 * The Interaction section: whether AskUser is offered (and where it can be answered), how long it waits,
 * whether MCP servers may elicit, and the `tools.approval` rules (unknown names are errors; capability
 * classes and the ways that stay open are said).
 */
export function interactionSection(loaded: LoadedConfig | undefined): CheckSection {
  if (!loaded)
    return section("interaction", LABEL, [
      { status: "disabled", message: "Not checked: the config did not load." },
    ]);
  return section("interaction", LABEL, [...checkInteraction(loaded), ...checkApprovalRules(loaded)]);
}
