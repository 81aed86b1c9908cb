import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { INDEX_DIR } from "../lite/memory-paths.js";

/** The manifest of managed index generations (reference §6.1). */
export const MANIFEST_FILE = "manifest.json";
/** Folder of the generations under `.index`. */
export const GENERATIONS_DIR = "generations";
/** The rebuild policy a generation was built under. */
export const REBUILD_POLICY_VERSION = "mono-agent-memory-rebuild-v1";

const GENERATION_NAME = /^gen-\d{13}-[0-9a-f]{8}$/;

/** One index generation: what it was built from and with. */
export interface IndexGeneration {
  name: string;
  tier: "journal" | "bujo";
  /** SHA-256 over the ids of the current memories it was built from. */
  sourceFingerprint: string;
  policyVersion: typeof REBUILD_POLICY_VERSION;
  createdAt: string;
  embeddingModel: string;
  dimension: number;
  /** `initial` (first open), `rebuild`, or `rollback` (made active again). */
  origin: "initial" | "rebuild" | "rollback";
}

/** `.index/manifest.json`: the active generation and the one `memory rollback` returns to. */
export interface IndexManifest {
  schemaVersion: 1;
  active: IndexGeneration;
  previous?: IndexGeneration;
}

/** A fresh generation name (time-ordered, path-safe). */
export function newGenerationName(now: Date): string {
  return `gen-${String(now.getTime()).padStart(13, "0")}-${randomBytes(4).toString("hex")}`;
}

/** The vectors database of a generation. */
export function generationDir(root: string, name: string): string {
  if (!GENERATION_NAME.test(name)) throw new Error("the index manifest names an invalid generation");
  return join(root, INDEX_DIR, GENERATIONS_DIR, name);
}

function isGeneration(value: unknown): value is IndexGeneration {
  const generation = value as Partial<IndexGeneration> | undefined;
  return (
    typeof generation === "object" &&
    generation !== null &&
    typeof generation.name === "string" &&
    GENERATION_NAME.test(generation.name) &&
    (generation.tier === "journal" || generation.tier === "bujo") &&
    typeof generation.sourceFingerprint === "string" &&
    generation.policyVersion === REBUILD_POLICY_VERSION &&
    typeof generation.createdAt === "string" &&
    typeof generation.embeddingModel === "string" &&
    Number.isInteger(generation.dimension) &&
    (generation.dimension as number) > 0 &&
    (generation.origin === "initial" || generation.origin === "rebuild" || generation.origin === "rollback")
  );
}

/** The manifest, `undefined` when there is none, `"invalid"` when it cannot be trusted. */
export function readIndexManifest(root: string): IndexManifest | undefined | "invalid" {
  let text: string;
  try {
    text = readFileSync(join(root, INDEX_DIR, MANIFEST_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return "invalid";
  }
  try {
    const manifest = JSON.parse(text) as Partial<IndexManifest>;
    if (manifest.schemaVersion !== 1 || !isGeneration(manifest.active)) return "invalid";
    if (manifest.previous !== undefined && !isGeneration(manifest.previous)) return "invalid";
    return manifest as IndexManifest;
  } catch {
    return "invalid";
  }
}

/** Writes the manifest atomically (temp file, fsync, rename): readers see the old or the new one. */
export function writeIndexManifest(root: string, manifest: IndexManifest): void {
  const dir = join(root, INDEX_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `${MANIFEST_FILE}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const descriptor = openSync(temp, "wx", 0o600);
  try {
    writeSync(descriptor, `${JSON.stringify(manifest, null, 2)}\n`);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temp, join(dir, MANIFEST_FILE));
}

/** Removes every generation folder except `keep`. */
export function pruneGenerations(root: string, keep: readonly string[], all: readonly string[]): void {
  for (const name of all) {
    if (keep.includes(name) || !GENERATION_NAME.test(name)) continue;
    rmSync(generationDir(root, name), { recursive: true, force: true });
  }
}
