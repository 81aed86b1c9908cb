import { closeSync, lstatSync, openSync, readFileSync, realpathSync, writeSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { FORGET_MAX_IDS } from "../limits.js";
import { MemoryError } from "../memory-error.js";
import { parseBullets } from "../memory-bullet.js";
import { canonicalSourceFingerprint, listCanonicalFiles, readSource } from "./canonical-source.js";
import { sha256Hex } from "./content-hash.js";

/** A forget plan as written by {@link prepareForget}: ids and fingerprints, never memory text. */
export interface ForgetPlan {
  schemaVersion: 1;
  kind: "mono-agent-memory-forget-plan";
  ids: string[];
  reason: string;
  rootFingerprint: string;
  sourceFingerprint: string;
  createdAt: string;
  /** SHA-256 of the plan's other fields as JSON. */
  checksum: string;
}

/** Reason slug: 1-64 characters, lowercase letters/digits first, then letters, digits, `_`, `-` (reference §6.7). */
export const FORGET_REASON_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** SHA-256 of the memory root's real path: binds plans and backups to one root. */
export function rootFingerprint(root: string): string {
  return sha256Hex(`mono-agent-memory-root\0${realpathSync(root)}`);
}

function planChecksum(plan: Omit<ForgetPlan, "checksum">): string {
  const { schemaVersion, kind, ids, reason, rootFingerprint: rootPrint, sourceFingerprint, createdAt } = plan;
  return sha256Hex(
    JSON.stringify({
      schemaVersion,
      kind,
      ids,
      reason,
      rootFingerprint: rootPrint,
      sourceFingerprint,
      createdAt,
    }),
  );
}

/** True when `path` is the root or inside it (by real path of its folder). */
export function isInsideRoot(root: string, path: string): boolean {
  const absolute = resolve(path);
  let resolved: string;
  try {
    resolved = join(realpathSync(dirname(absolute)), basename(absolute));
  } catch {
    return false;
  }
  const rel = relative(realpathSync(root), resolved);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * Phase one of forget (read-only on the memory): checks 1-32 distinct ids that exist and are not
 * already dropped, and writes a 0600 single-link plan outside the memory root.
 *
 * @throws MemoryError `invalid_ids`, `invalid_reason`, `invalid_plan`.
 */
export function prepareForget(options: {
  root: string;
  ids: readonly string[];
  reason: string;
  planPath: string;
  now?: () => Date;
}): ForgetPlan {
  const { root, ids, reason } = options;
  if (!FORGET_REASON_PATTERN.test(reason)) {
    throw new MemoryError(
      "invalid_reason",
      `reason must be a slug of 1-64 characters: lowercase letters or digits first, then letters, digits, "_" or "-" (got ${JSON.stringify(reason)}).`,
    );
  }
  if (ids.length === 0 || ids.length > FORGET_MAX_IDS) {
    throw new MemoryError(
      "invalid_ids",
      `A plan names 1 to ${FORGET_MAX_IDS} ids, one per line; got ${ids.length}.`,
    );
  }
  const seen = new Set<string>();
  const duplicates = ids.filter((id) => {
    const repeated = seen.has(id);
    seen.add(id);
    return repeated;
  });
  if (duplicates.length > 0)
    throw new MemoryError("invalid_ids", `Duplicate id(s): ${duplicates.join(", ")}.`);
  const statusById = new Map<string, string>();
  for (const file of listCanonicalFiles(root)) {
    for (const bullet of parseBullets(readSource(root, file.source) ?? "")) {
      if (!statusById.has(bullet.id)) statusById.set(bullet.id, bullet.status);
    }
  }
  const missing = ids.filter((id) => !statusById.has(id));
  if (missing.length > 0) throw new MemoryError("invalid_ids", `Unknown id(s): ${missing.join(", ")}.`);
  const terminal = ids.filter((id) => statusById.get(id) === "dropped");
  if (terminal.length > 0) throw new MemoryError("invalid_ids", `Already forgotten: ${terminal.join(", ")}.`);
  if (isInsideRoot(root, options.planPath)) {
    throw new MemoryError(
      "invalid_plan",
      "The plan must be written outside the memory root; choose a path elsewhere.",
    );
  }
  const body: Omit<ForgetPlan, "checksum"> = {
    schemaVersion: 1,
    kind: "mono-agent-memory-forget-plan",
    ids: [...ids],
    reason,
    rootFingerprint: rootFingerprint(root),
    sourceFingerprint: canonicalSourceFingerprint(root),
    createdAt: (options.now?.() ?? new Date()).toISOString(),
  };
  const plan: ForgetPlan = { ...body, checksum: planChecksum(body) };
  let descriptor: number;
  try {
    descriptor = openSync(options.planPath, "wx", 0o600);
  } catch (error) {
    throw new MemoryError(
      "invalid_plan",
      (error as NodeJS.ErrnoException).code === "EEXIST"
        ? `The plan file ${options.planPath} already exists; choose a new path.`
        : `The plan file ${options.planPath} could not be created.`,
      { cause: error },
    );
  }
  try {
    writeSync(descriptor, `${JSON.stringify(plan, null, 2)}\n`);
  } finally {
    closeSync(descriptor);
  }
  return plan;
}

/**
 * Reads and verifies a plan: a regular 0600 single-link file, intact checksum, same memory root.
 *
 * @throws MemoryError `invalid_plan`.
 */
export function readForgetPlan(root: string, planPath: string): ForgetPlan {
  const bad = (why: string): never => {
    throw new MemoryError(
      "invalid_plan",
      `The plan ${planPath} ${why}; run \`mono-agent memory forget prepare\` again.`,
    );
  };
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(planPath);
  } catch {
    return bad("does not exist");
  }
  if (!stats.isFile()) bad("is not a regular file");
  if (stats.nlink !== 1) bad("has more than one link");
  if ((stats.mode & 0o077) !== 0) bad("is readable by others (it must be 0600)");
  let plan: ForgetPlan;
  try {
    plan = JSON.parse(readFileSync(planPath, "utf8")) as ForgetPlan;
  } catch {
    return bad("is not valid JSON");
  }
  if (plan.kind !== "mono-agent-memory-forget-plan" || plan.schemaVersion !== 1 || !Array.isArray(plan.ids))
    bad("is not a forget plan");
  const { checksum, ...body } = plan;
  if (planChecksum(body) !== checksum) bad("was modified after it was prepared");
  if (plan.rootFingerprint !== rootFingerprint(root)) bad("was prepared for another memory root");
  return plan;
}
