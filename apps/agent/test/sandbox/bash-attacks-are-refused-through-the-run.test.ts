import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checksumTree,
  HOST_SECRETS,
  makeAttackFolders,
  runScriptedBash,
  type ScriptedRun,
} from "./sandbox-attack-kit.js";

let folders: ReturnType<typeof makeAttackFolders>;
let loopback: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  loopback = createServer((_request, response) => {
    hits += 1;
    response.end("loopback service answered\n");
  });
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
  port = (loopback.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => loopback.close(resolve));
  if (folders) rmSync(folders.root, { recursive: true, force: true });
});

/** Attack attempts, each with what its Bash result must show; all run in one `mono-agent run`. */
function attacks(outside: string, home: string) {
  return [
    {
      name: "the parent's environ in /proc",
      command: "echo ppid=$PPID; tr '\\0' '\\n' < /proc/$PPID/environ",
      expect: /ppid=0[\s\S]*No such file or directory/,
    },
    { name: "pid 1's environ", command: "tr '\\0' '\\n' < /proc/1/environ", expect: /HOME=/ },
    {
      name: "every environ in /proc",
      command: "for p in /proc/[0-9]*; do tr '\\0' '\\n' < $p/environ; done 2>/dev/null | sort -u",
      expect: /TMPDIR=\/tmp/,
    },
    { name: "its own env", command: "env", expect: /PATH=/ },
    {
      // Protected host state is hidden in the sandbox: the files unreadable, .mono-agent an empty folder.
      name: "host state read from Bash (.env, .mono-agent, the config)",
      command: "cat .env 2>&1; ls -A .mono-agent 2>&1; cat mono-agent.config.json 2>&1",
      expect: /^cat: \.env: (Permission denied|No such file or directory)\ncat: mono-agent\.config\.json: (Permission denied|No such file or directory)\n/,
    },
    { name: "the host's processes", command: "ps -e -o pid=,comm= | wc -l", expect: /^\s*[1-6]\s*$/m },
    {
      name: "~/.ssh",
      command: "cat ~/.ssh/id_ed25519; ls -A ~ | wc -l",
      expect: /No such file or directory[\s\S]*^0$/m,
    },
    {
      name: "the real home by path",
      command: `cat ${home}/.ssh/id_ed25519`,
      expect: /No such file or directory/,
    },
    { name: "an outside file", command: `cat ${outside}/secret.txt`, expect: /No such file or directory/ },
    {
      name: "an outside file by ..",
      command: "cat ../outside/secret.txt",
      expect: /No such file or directory/,
    },
    {
      name: "a write outside",
      command: `echo pwned > ${outside}/new.txt`,
      expect: /No such file or directory/,
    },
    {
      name: "a write outside by ..",
      command: "echo pwned >> ../outside/secret.txt",
      expect: /No such file or directory|Read-only/,
    },
    {
      name: "a symlink out",
      command: `ln -s ${outside}/secret.txt escape && cat escape`,
      expect: /No such file or directory/,
    },
    {
      name: "a system folder",
      command: "echo x > /usr/bin/evil; touch /etc/evil",
      expect: /Read-only file system[\s\S]*Read-only file system/,
    },
    {
      // .env is denyWrite and also protected host state: the sandbox hides it (no access at all).
      name: "an existing .env (denyWrite, protected)",
      command: "echo INJECTED=1 >> .env",
      expect: /\.env: (Read-only file system|Permission denied)/,
    },
    {
      name: "an existing .env.local (denyWrite glob, protected)",
      command: "echo x > .env.local",
      expect: /\.env\.local: (Read-only file system|Permission denied)/,
    },
    {
      name: ".git/config (denyWrite)",
      command: "git config core.fsmonitor evil 2>&1 || echo pwned >> .git/config",
      expect: /Read-only file system/,
    },
    {
      name: "a git hook (denyWrite)",
      command: "printf '#!/bin/sh\\nid\\n' > .git/hooks/pre-commit",
      expect: /Read-only file system/,
    },
    {
      name: ".git renamed away",
      command: "mv .git .git-away && mkdir .git && echo evil > .git/config",
      expect: /Device or resource busy/,
    },
    { name: ".env replaced", command: "rm -f .env; mv README.md .env", expect: /Device or resource busy/ },
    {
      name: "a hard link to .git/config",
      command: "ln .git/config gitconfig-link && echo evil >> gitconfig-link",
      expect: /Invalid cross-device link/,
    },
    {
      name: "a mount",
      command: "mount -t tmpfs none /tmp 2>&1; umount .env 2>&1",
      expect: /(permission denied|must be superuser|Operation not permitted)/i,
    },
    {
      name: "the loopback service (none)",
      command: `curl -sS -m 5 http://127.0.0.1:${port}/ 2>&1; (exec 3<>/dev/tcp/127.0.0.1/${port}) 2>&1`,
      expect: /Couldn't connect|Connection refused/,
    },
    {
      name: "the internet (none)",
      command: "curl -sS -m 5 http://example.com/ 2>&1",
      expect: /Could not resolve host|Couldn't connect/,
    },
    { name: "kill every process it can see", command: "kill -9 -1; echo survived", expect: /.*/ },
    {
      name: "a write inside (allowed)",
      command: "echo fine > allowed.txt && cat allowed.txt",
      expect: /^fine$/m,
    },
  ];
}

describe("Bash attacks through mono-agent run, with the default sandbox", () => {
  let run: ScriptedRun;
  let before: { outside: Record<string, string>; home: Record<string, string>; git: string; env: string };
  const list = () => attacks(folders.outside, folders.home);

  beforeAll(async () => {
    folders = makeAttackFolders();
    before = {
      outside: checksumTree(folders.outside),
      home: checksumTree(folders.home),
      git: readFileSync(join(folders.agent, ".git", "config"), "utf8"),
      env: readFileSync(join(folders.agent, ".env"), "utf8"),
    };
    hits = 0;
    run = await runScriptedBash(
      folders,
      list().map((attack) => attack.command),
    );
  }, 120_000);

  it("the run succeeds and every attempt got a Bash result", () => {
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results).toHaveLength(list().length + 0);
  });

  it("no result carries a host secret (model key, exported token, .env value)", () => {
    for (const [index, result] of run.results.entries())
      for (const secret of Object.values(HOST_SECRETS))
        expect(result, list()[index]?.name).not.toContain(secret);
    expect(run.output).not.toContain(HOST_SECRETS.MODEL_API_KEY);
    expect(run.output).not.toContain(HOST_SECRETS.HOST_SECRET_TOKEN);
  });

  for (const [index, attack] of attacks("", "").entries())
    it(`refuses: ${attack.name}`, () => {
      expect(run.results[index], list()[index]?.command).toMatch(list()[index]?.expect ?? /./);
    });

  it("changed nothing outside, nor the protected files inside", () => {
    expect(checksumTree(folders.outside)).toEqual(before.outside);
    expect(checksumTree(folders.home)).toEqual(before.home);
    expect(readFileSync(join(folders.agent, ".git", "config"), "utf8")).toBe(before.git);
    expect(readFileSync(join(folders.agent, ".env"), "utf8")).toBe(before.env);
    expect(readdirSync(join(folders.agent, ".git", "hooks"))).toEqual([]);
    expect(existsSync(join(folders.agent, ".git-away"))).toBe(false);
    expect(readFileSync(join(folders.agent, ".env.local"), "utf8")).toBe("LOCAL=1\n");
    expect(existsSync(join(folders.agent, "README.md"))).toBe(true);
    expect(existsSync(join(folders.outside, "new.txt"))).toBe(false);
    expect(readFileSync(join(folders.agent, "allowed.txt"), "utf8")).toBe("fine\n");
    expect(hits).toBe(0);
  });
});

describe("Bash with sandbox.network.mode localhost (set by MONO_AGENT_SANDBOX_NETWORK_MODE)", () => {
  it("reaches the host's loopback service and nothing else", async () => {
    const local = makeAttackFolders();
    try {
      hits = 0;
      const run = await runScriptedBash(
        local,
        [`curl -sS -m 5 http://127.0.0.1:${port}/`, "curl -sS -m 5 http://example.com/ 2>&1", "env"],
        { MONO_AGENT_SANDBOX_NETWORK_MODE: "localhost" },
      );
      expect(run.exitCode, run.output).toBe(0);
      expect(run.results[0]).toContain("loopback service answered");
      expect(run.results[1]).toMatch(/Could not resolve host|Couldn't connect/);
      for (const secret of Object.values(HOST_SECRETS)) expect(run.results[2]).not.toContain(secret);
      expect(hits).toBe(1);
    } finally {
      rmSync(local.root, { recursive: true, force: true });
    }
  }, 120_000);
});
