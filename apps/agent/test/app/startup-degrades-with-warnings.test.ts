import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

test("a continuation service that cannot start (its port is taken) leaves the app running, and each run says why", async () => {
  const blocker = createServer();
  await new Promise<void>((resolveListening) => blocker.listen(0, "127.0.0.1", resolveListening));
  const port = (blocker.address() as AddressInfo).port;
  const faux = createFauxModel();
  const model = faux.getModel();
  const app = await startMonoAgentApp({
    config: { runtime: { model: "faux:test" }, continuations: { port } },
    cwd: mkdtempSync(join(tmpdir(), "startup-degrade-")),
    env: {},
    customModels: {
      "faux:test": {
        model,
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
  });
  try {
    faux.setResponses([fauxAssistantMessage("still here")]);
    const result = await app.run({ input: "hello" });
    expect(result.status).toBe("succeeded");
    expect(result.warnings.find((warning) => warning.kind === "continuations_unavailable")?.message).toMatch(
      /continuation service is off/,
    );
  } finally {
    await app.close();
    await new Promise<void>((resolveClosed) => blocker.close(() => resolveClosed()));
  }
});
