import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkTriggersConfig } from "@mono-agent/triggers/check";
import { hostTimeZone } from "../../app/conversations/rollover-conversation.js";
import { isLoopbackHost } from "../serve/loopback-host.js";
import { type CheckSection, section } from "./validate-report.js";

/**
 * The Sessions & triggers section of `mono-agent validate`: the findings of `@mono-agent/triggers`' own
 * check over the app's view of each declared trigger (its code loads only when a trigger is declared).
 */
export async function triggersSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
  now = new Date(),
): Promise<CheckSection> {
  if (!loaded)
    return section("triggers", "Sessions & triggers", [
      { status: "disabled", message: "Sessions and triggers cannot be checked until the config loads." },
    ]);
  const lines = await checkTriggersConfig(loaded, {
    describeTriggers: async () =>
      (await import("@mono-agent/triggers/declared")).describeTriggers(loaded, env, now),
    isLoopbackHost,
    hostTimeZone,
    now,
  });
  return section("triggers", "Sessions & triggers", lines);
}
