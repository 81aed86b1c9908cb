import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkWebConsoleConfig, webThreadStoreFile } from "@mono-agent/web-console/check";
import { WEB_TOKEN_ENV } from "../serve/web-token-env.js";
import { type CheckSection, section } from "./validate-report.js";

/** The Web console section of `mono-agent validate`: the findings of `@mono-agent/web-console`'s own check. */
export async function webConsoleSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
): Promise<CheckSection> {
  if (!loaded)
    return section("web", "Web console", [
      { status: "disabled", message: "The web console cannot be checked until the config loads." },
    ]);
  const options = { threadStoreFile: webThreadStoreFile(loaded.artifactsDir), tokenEnv: WEB_TOKEN_ENV };
  return section("web", "Web console", await checkWebConsoleConfig(loaded, env, options));
}
