import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FauxModel } from "@mono-agent/test-utils/faux";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

export type Faux = FauxModel;

/** A clock tests move by hand: what `startMonoAgentApp({ now })` and the trigger scheduler read. */
export function manualClock(start: string) {
  let instant = new Date(start);
  return {
    now: () => new Date(instant.getTime()),
    set(iso: string) {
      instant = new Date(iso);
    },
  };
}

/** A temp agent folder with a README for Read to find. */
export function tempAgentFolder(prefix: string): string {
  const cwd = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(cwd, "README.md"), "# readme with a needle inside\n");
  return cwd;
}

/** An app on pi-ai's faux provider (`faux:test`), with the given config merged over the model. */
export function startFauxApp(
  faux: Faux,
  cwd: string,
  config: Record<string, unknown>,
  options: { now?: () => Date; hostTimeZone?: string } = {},
) {
  const runtime = (config.runtime ?? {}) as Record<string, unknown>;
  return startMonoAgentApp({
    config: { ...config, runtime: { model: "faux:test", ...runtime } },
    cwd,
    env: { PATH: process.env.PATH ?? "" },
    customModels: {
      "faux:test": {
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
    ...options,
  });
}

/** The text of a tool result message (or any message) as one string. */
export function textOf(message: unknown): string {
  const content = (message as { content?: unknown }).content;
  return typeof content === "string" ? content : JSON.stringify(content);
}
