import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  forgetApplyReport,
  forgetPrepareReport,
  forgetRestoreReport,
  type MemoryReport,
} from "@mono-agent/memory/lite";
import { EXIT_USAGE, ExitError } from "../exit-error.js";

/** Flags of the forget subcommands. */
export interface ForgetFlags {
  idsFile?: string;
  reason?: string;
  plan?: string;
  backup?: string;
}

const USAGES = {
  prepare: "mono-agent memory forget prepare --ids-file FILE --reason SLUG --plan FILE",
  apply: "mono-agent memory forget apply --plan FILE",
  restore: "mono-agent memory forget restore --backup DIR",
};
const ALLOWED: Record<string, Array<keyof ForgetFlags>> = {
  prepare: ["idsFile", "reason", "plan"],
  apply: ["plan"],
  restore: ["backup"],
};

/** `mono-agent memory forget prepare|apply|restore`: the two-phase forget of reference §6.7. */
export async function forgetReport(
  cwd: string,
  root: string,
  phase: string | undefined,
  flags: ForgetFlags,
): Promise<MemoryReport> {
  if (!phase || !(phase in ALLOWED))
    throw new ExitError(
      `expected forget prepare|apply|restore\nusage: ${Object.values(USAGES).join("\n       ")}`,
      EXIT_USAGE,
    );
  const usage = USAGES[phase as keyof typeof USAGES];
  const misplaced = (Object.keys(flags) as Array<keyof ForgetFlags>).filter(
    (flag) => flags[flag] && !ALLOWED[phase]?.includes(flag),
  );
  if (misplaced.length > 0)
    throw new ExitError(`forget ${phase} does not take --${misplaced[0]}\nusage: ${usage}`, EXIT_USAGE);
  const path = (flag: keyof ForgetFlags, name: string) => {
    const value = flags[flag];
    if (!value) throw new ExitError(`missing ${name}\nusage: ${usage}`, EXIT_USAGE);
    return resolve(cwd, value);
  };
  if (phase === "apply") return forgetApplyReport({ root, planPath: path("plan", "--plan") });
  if (phase === "restore") return forgetRestoreReport({ root, backupDir: path("backup", "--backup") });
  const idsFile = path("idsFile", "--ids-file");
  let idsText: string;
  try {
    idsText = readFileSync(idsFile, "utf8");
  } catch {
    throw new ExitError(
      `--ids-file ${idsFile} cannot be read; pass a file with one memory id per line`,
      EXIT_USAGE,
    );
  }
  const planPath = path("plan", "--plan");
  if (!flags.reason) throw new ExitError(`missing --reason\nusage: ${usage}`, EXIT_USAGE);
  return forgetPrepareReport({ root, idsText, reason: flags.reason, planPath });
}
