import { describe, expect, it } from "vitest";
import { signWebhookBody } from "../src/index.js";
import { startWebhookServer, WEBHOOK_RUNS_IN_FLIGHT_MAX, type WebhookRunSettled } from "../src/node.js";

const BEARER = "a-bearer-token-of-enough-length";
const SECRET = "a-signing-secret-of-enough-length";

describe("the webhook server over any run function", () => {
  it("checks bearer, size and signature before one run; answers 202 at once; bounds runs in flight", async () => {
    const bodies: string[] = [];
    const settled: WebhookRunSettled<string>[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = await startWebhookServer<string>({
      routes: [
        {
          name: "deploy",
          bearer: BEARER,
          signatureSecret: SECRET,
          signatureHeader: "x-signature",
          maxBodyBytes: 64,
        },
        { name: "open", maxBodyBytes: 64 },
        { name: "unset", maxBodyBytes: 64, problem: "the bearer variable HOOK is not set" },
      ],
      host: "127.0.0.1",
      port: 0,
      exposed: false,
      run: async (name, body) => {
        bodies.push(`${name}: ${body}`);
        await gate;
        if (body === "fail") throw new Error("run failed");
        return `ran ${name}`;
      },
      onRun: (outcome) => settled.push(outcome),
    });
    const [deploy, , unset] = server.urls();
    const post = (url: string, body: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: "POST", body, headers });
    const signed = async (body: string) => ({
      authorization: `Bearer ${BEARER}`,
      "x-signature": await signWebhookBody(new TextEncoder().encode(body), SECRET),
    });
    try {
      expect((await fetch(`${server.server.origin}/hooks/none`, { method: "POST" })).status).toBe(404);
      expect((await fetch(deploy?.url ?? "")).status).toBe(405);
      expect((await post(unset?.url ?? "", "{}")).status).toBe(503);
      expect((await post(deploy?.url ?? "", "{}", { authorization: "Bearer wrong" })).status).toBe(401);
      expect((await post(deploy?.url ?? "", "x".repeat(65), await signed("{}"))).status).toBe(413);
      expect((await post(deploy?.url ?? "", "{}", { authorization: `Bearer ${BEARER}` })).status).toBe(401);
      expect(bodies).toEqual([]);
      const accepted = await post(deploy?.url ?? "", '{"v":1}', await signed('{"v":1}'));
      expect(accepted.status).toBe(202);
      expect(await accepted.json()).toEqual({ accepted: true, trigger: "deploy" });
      expect(bodies).toEqual(['deploy: {"v":1}']);
      const open = server.urls()[1]?.url ?? "";
      for (let index = 1; index < WEBHOOK_RUNS_IN_FLIGHT_MAX - 1; index += 1)
        expect((await post(open, `${index}`)).status).toBe(202);
      expect((await post(open, "fail")).status).toBe(202);
      const busy = await post(open, "one too many");
      expect(busy.status).toBe(429);
      expect(busy.headers.get("retry-after")).toBe("30");
      release();
    } finally {
      await server.close();
    }
    expect(settled).toHaveLength(WEBHOOK_RUNS_IN_FLIGHT_MAX);
    expect(settled).toContainEqual({ trigger: "open", error: "run failed" });
    expect(settled.filter((outcome) => outcome === "ran deploy")).toHaveLength(1);
  });
});
