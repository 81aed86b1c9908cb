import { join } from "node:path";
import { createWebThreadStore } from "@mono-agent/web-console/node";
import { describe, expect, test } from "vitest";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface Section {
  id: string;
  label: string;
  status: string;
  lines: { status: string; message: string; code?: string }[];
}

function webSection(dir: string, env: Record<string, string> = {}): Section {
  const result = runCli(["validate", "--json"], { cwd: dir, env });
  return (JSON.parse(result.stdout) as { sections: Section[] }).sections.find(
    (section) => section.id === "web",
  ) as Section;
}

describe("validate: the web console section", () => {
  test("a fresh folder: loopback, a random token per start, no threads, files not staged, titles offered", () => {
    const section = webSection(makeAgentFolder(fixtureServerConfig()));
    expect(section).toMatchObject({ label: "Web console", status: "ok" });
    expect(section.lines.map((line) => line.message)).toEqual([
      "mono-agent serve listens on 127.0.0.1:4317 (web.host, web.port).",
      "Operator token: a new random one each start, carried by the printed URL.",
      expect.stringMatching(/^No web threads yet \(.*web-threads\.sqlite is made by the first serve\)\.$/),
      "Files sent with a message are not staged: no tools.mcpRequestContextServers (runs warn attachments_unused).",
      "SetConversationTitle: offered to interactive threads whose title is still writable.",
    ]);
  });

  test("counts threads, names the servers that get files, and reads the policy and the token", () => {
    const dir = makeAgentFolder({
      ...fixtureServerConfig({
        mcpRequestContextServers: ["fixture"],
        disallowedTools: ["SetConversationTitle"],
      }),
      web: { host: "0.0.0.0", port: 8080 },
    });
    const store = createWebThreadStore({ file: join(dir, ".mono-agent", "web-threads.sqlite") });
    store.createThread();
    store.archiveThread(store.createThread().threadId);
    store.close();
    const section = webSection(dir, { MONO_AGENT_WEB_TOKEN: "a-fixed-token-of-enough-length-0123" });
    expect(section.status).toBe("warning");
    const messages = section.lines.map((line) => line.message);
    expect(section.lines[0]).toMatchObject({ status: "warning", code: "web_host_not_loopback" });
    expect(messages).toContain("Operator token: fixed by MONO_AGENT_WEB_TOKEN (not shown).");
    expect(messages.join("\n")).not.toContain("a-fixed-token-of-enough-length-0123");
    expect(messages).toContainEqual(expect.stringMatching(/^Threads: 1 open, 1 archived, in /));
    expect(messages).toContain("Files sent with a message are staged for: fixture.");
    expect(messages).toContain(
      "SetConversationTitle: not offered (the tool policy leaves it out); threads keep their first message as title.",
    );
  });

  test("a token too short for the console is an error that says how to fix it", () => {
    const section = webSection(makeAgentFolder(fixtureServerConfig()), { MONO_AGENT_WEB_TOKEN: "short" });
    expect(section.status).toBe("error");
    expect(section.lines[1]).toMatchObject({
      status: "error",
      code: "web_token_invalid",
      message: "MONO_AGENT_WEB_TOKEN is 5 characters; use at least 22 (or unset it for a random token).",
    });
  });
});
