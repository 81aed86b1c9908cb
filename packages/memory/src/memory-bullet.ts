/** Bullet types of the canonical markdown: reference §6.2. */
export type MemoryType = "task" | "event" | "note";

/** Bullet statuses of the canonical markdown: reference §6.2. */
export type MemoryStatus = "open" | "done" | "scheduled" | "migrated" | "dropped" | "invalidated";

const TYPES: readonly MemoryType[] = ["task", "event", "note"];
const STATUSES: readonly MemoryStatus[] = ["open", "done", "scheduled", "migrated", "dropped", "invalidated"];

/** Default salience of a bullet without one: reference §6.2. */
export const DEFAULT_SALIENCE = 0.5;

/** Markers and the type/status they stand for when the metadata does not say: reference §6.2. */
const MARKERS: Record<string, { type: MemoryType; status: MemoryStatus }> = {
  "[ ]": { type: "task", status: "open" },
  "[x]": { type: "task", status: "done" },
  "[>]": { type: "task", status: "migrated" },
  "[<]": { type: "task", status: "scheduled" },
  "[~]": { type: "note", status: "dropped" },
  "◦": { type: "event", status: "open" },
  "–": { type: "note", status: "open" },
};

/** One memory bullet of a daily file. */
export interface MemoryBullet {
  id: string;
  text: string;
  type: MemoryType;
  status: MemoryStatus;
  salience: number;
  isInsight: boolean;
  /** ISO-8601 UTC timestamp. */
  created: string;
  refs: string[];
  due?: string;
  /** Metadata attributes this grammar does not know, kept for a faithful rewrite. */
  extra: Record<string, string>;
  /** 1-based line of the bullet text in its file. */
  line: number;
}

/** A line of a daily file: a bullet (one or two source lines) or any other line, kept verbatim. */
export type DailyFileLine =
  | { kind: "raw"; text: string }
  | { kind: "bullet"; bullet: MemoryBullet; sourceLines: string[] };

const BULLET_LINE = /^- (\[ \]|\[x\]|\[>\]|\[<\]|\[~\]|◦|–) (.*)$/u;
const META_LINE = /^ {2}<!--mem (.*)-->$/u;
const LEGACY_META = /^(.*?) {2}<!--mem (.*)-->$/u;

function parseAttributes(meta: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const pair of meta.trim().split(/\s+/u)) {
    const equals = pair.indexOf("=");
    if (equals > 0) attributes[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return attributes;
}

const KNOWN = new Set(["id", "type", "status", "salience", "isInsight", "created", "refs", "due"]);

function toBullet(marker: string, text: string, meta: string, line: number): MemoryBullet | undefined {
  const attributes = parseAttributes(meta);
  const derived = MARKERS[marker];
  const id = attributes["id"];
  const created = attributes["created"];
  if (!derived || !id || !created || text.trim().length === 0) return undefined;
  const type = TYPES.find((candidate) => candidate === attributes["type"]) ?? derived.type;
  const status = STATUSES.find((candidate) => candidate === attributes["status"]) ?? derived.status;
  const salience = Number.parseFloat(attributes["salience"] ?? "");
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) if (!KNOWN.has(key)) extra[key] = value;
  const refs = (attributes["refs"] ?? "").split(",").filter((ref) => ref.length > 0);
  return {
    id,
    text,
    type,
    status,
    salience: Number.isFinite(salience) ? salience : DEFAULT_SALIENCE,
    isInsight: attributes["isInsight"] === "1",
    created,
    refs,
    ...(attributes["due"] ? { due: attributes["due"] } : {}),
    extra,
    line,
  };
}

/**
 * Parses a daily file: two-line bullets, legacy single-line bullets, and every other line kept
 * verbatim. A line with a bullet marker but missing id, created or text is not a bullet.
 */
export function parseDailyFile(content: string): DailyFileLine[] {
  const lines = content.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out: DailyFileLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const bulletMatch = BULLET_LINE.exec(line);
    if (bulletMatch) {
      const [, marker = "", rest = ""] = bulletMatch;
      const next = lines[index + 1];
      const metaMatch = next === undefined ? null : META_LINE.exec(next);
      if (metaMatch) {
        const bullet = toBullet(marker, rest, metaMatch[1] ?? "", index + 1);
        if (bullet) {
          out.push({ kind: "bullet", bullet, sourceLines: [line, next as string] });
          index++;
          continue;
        }
      }
      const legacy = LEGACY_META.exec(rest);
      if (legacy) {
        const bullet = toBullet(marker, legacy[1] ?? "", legacy[2] ?? "", index + 1);
        if (bullet) {
          out.push({ kind: "bullet", bullet, sourceLines: [line] });
          continue;
        }
      }
    }
    out.push({ kind: "raw", text: line });
  }
  return out;
}

/** The bullets of a daily file, in file order. */
export function parseBullets(content: string): MemoryBullet[] {
  return parseDailyFile(content).flatMap((line) => (line.kind === "bullet" ? [line.bullet] : []));
}

function markerOf(bullet: Pick<MemoryBullet, "type" | "status">): string {
  switch (bullet.status) {
    case "done":
      return "[x]";
    case "migrated":
      return "[>]";
    case "scheduled":
      return "[<]";
    case "dropped":
    case "invalidated":
      return "[~]";
    default:
      return bullet.type === "task" ? "[ ]" : bullet.type === "event" ? "◦" : "–";
  }
}

/** The two-line canonical form of a bullet (no trailing newline). */
export function formatBullet(bullet: Omit<MemoryBullet, "line">): string {
  const attributes = [
    `id=${bullet.id}`,
    `type=${bullet.type}`,
    `status=${bullet.status}`,
    `salience=${bullet.salience}`,
    `isInsight=${bullet.isInsight ? 1 : 0}`,
    `created=${bullet.created}`,
    `refs=${bullet.refs.join(",")}`,
    ...(bullet.due ? [`due=${bullet.due}`] : []),
    ...Object.entries(bullet.extra).map(([key, value]) => `${key}=${value}`),
  ];
  return `- ${markerOf(bullet)} ${bullet.text}\n  <!--mem ${attributes.join(" ")}-->`;
}

/** Writes parsed lines back: untouched lines byte-for-byte, bullets from their source lines. */
export function formatDailyFile(lines: readonly DailyFileLine[]): string {
  const text = lines.flatMap((line) => (line.kind === "raw" ? [line.text] : line.sourceLines)).join("\n");
  return `${text}\n`;
}

/** The header line a new daily file starts with: `# YYYY-MM-DD` and a blank line (reference §6.1). */
export function dailyFileHeader(date: string): string {
  return `# ${date}\n\n`;
}
