import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { MemoryError } from "@mono-agent/memory";
import { applyForget, prepareForget, restoreForget } from "@mono-agent/memory/lite";
import type { CliIo } from "../cli-io.js";
import { EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";

/** Flags of the forget subcommands. */
export interface ForgetFlags {
  idsFile?: string;
  reason?: string;
  plan?: string;
  backup?: string;
}

function need(value: string | undefined, flag: string, usage: string): string {
  if (!value) throw new ExitError(`missing ${flag}\nusage: ${usage}`, EXIT_USAGE);
  return value;
}

const USAGES = {
  prepare: "mono-agent memory forget prepare --ids-file FILE --reason SLUG --plan FILE",
  apply: "mono-agent memory forget apply --plan FILE",
  restore: "mono-agent memory forget restore --backup DIR",
};

/** `mono-agent memory forget prepare|apply|restore`: the two-phase forget of reference §6.7. */
export async function forgetCommand(
  io: CliIo,
  root: string,
  phase: string | undefined,
  flags: ForgetFlags,
  json: boolean,
): Promise<number> {
  const allowed: Record<string, Array<keyof ForgetFlags>> = {
    prepare: ["idsFile", "reason", "plan"],
    apply: ["plan"],
    restore: ["backup"],
  };
  if (!phase || !(phase in allowed)) {
    throw new ExitError(
      `expected forget prepare|apply|restore\nusage: ${Object.values(USAGES).join("\n       ")}`,
      EXIT_USAGE,
    );
  }
  const usage = USAGES[phase as keyof typeof USAGES];
  const misplaced = (Object.keys(flags) as Array<keyof ForgetFlags>).filter(
    (flag) => flags[flag] && !allowed[phase]?.includes(flag),
  );
  if (misplaced.length > 0)
    throw new ExitError(`forget ${phase} does not take --${misplaced[0]}\nusage: ${usage}`, EXIT_USAGE);
  const write = (data: Record<string, unknown>, text: string) => {
    io.stdout.write(json ? `${JSON.stringify({ ok: true, ...data })}\n` : `${text}\n`);
    return EXIT_OK;
  };
  try {
    if (phase === "prepare") {
      const idsFile = resolve(io.cwd, need(flags.idsFile, "--ids-file", usage));
      let idsText: string;
      try {
        idsText = readFileSync(idsFile, "utf8");
      } catch {
        throw new ExitError(
          `--ids-file ${idsFile} cannot be read; pass a file with one memory id per line`,
          EXIT_USAGE,
        );
      }
      const ids = idsText
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.length > 0);
      const planPath = resolve(io.cwd, need(flags.plan, "--plan", usage));
      const plan = prepareForget({ root, ids, reason: need(flags.reason, "--reason", usage), planPath });
      return write(
        { plan: planPath, ids: plan.ids },
        `Plan written to ${planPath} for ${plan.ids.length} id(s). Stop the agent, then run: mono-agent memory forget apply --plan ${planPath}`,
      );
    }
    if (phase === "apply") {
      const result = await applyForget({
        root,
        planPath: resolve(io.cwd, need(flags.plan, "--plan", usage)),
      });
      return write(
        result,
        `Forgot ${result.dropped.length} memory id(s). Backup: ${result.backupDir}\nUndo with: mono-agent memory forget restore --backup ${result.backupDir}`,
      );
    }
    const backupDir = resolve(io.cwd, need(flags.backup, "--backup", usage));
    const result = await restoreForget({ root, backupDir });
    return write(result, `Restored ${result.restoredFiles} file(s) from ${backupDir} and rebuilt the index.`);
  } catch (error) {
    if (MemoryError.isInstance(error)) {
      if (json)
        io.stdout.write(
          `${JSON.stringify({ ok: false, error: { code: error.code, message: error.message } })}\n`,
        );
      throw new ExitError(`${error.code}: ${error.message}`);
    }
    throw error;
  }
}
