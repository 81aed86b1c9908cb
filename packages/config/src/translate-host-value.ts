import { basename } from "node:path";
import type { EnvRecord } from "./loaded-config.js";
import type { ConfigValue } from "./schema/env-reference-schema.js";

/** What translating other hosts' values needs to know. */
export interface McpImportContext {
  /** The folder the source file's `${workspaceFolder}` means (the project holding .vscode/, .cursor/, .mcp.json). */
  sourceWorkspace: string;
  /** The workspace of the mono-agent folder being written: a stdio server's working directory. */
  targetWorkspace: string;
  home: string;
  /** The environment of the import, for values that cannot stay references (command, args, url, cwd). */
  importEnv: EnvRecord;
  /** VS Code `inputs` by id. */
  inputs: ReadonlyMap<string, { description?: string }>;
}

/** A note about one value, for the import report. */
export interface ValueNote {
  kind: "converted" | "action";
  message: string;
}

type Part =
  | { kind: "text"; text: string }
  | { kind: "env"; name: string; default?: string; written: string }
  | { kind: "input"; id: string; written: string }
  | { kind: "unknown"; written: string };

const PLACEHOLDER = /\$\{([^{}]+)\}/g;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The environment variable a VS Code input is read from instead: `api-key` -> `API_KEY`. */
export function inputVariableName(id: string): string {
  const name = id
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  return /^[0-9]/.test(name) || name === "" ? `INPUT_${name}` : name;
}

function parseParts(text: string, context: McpImportContext, literalPosition: boolean): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    last = match.index + match[0].length;
    const body = match[1] ?? "";
    const written = match[0];
    if (body === "workspaceFolder" || body === "workspaceRoot") {
      const relative =
        literalPosition && match.index === 0 && context.sourceWorkspace === context.targetWorkspace;
      parts.push({ kind: "text", text: relative ? "." : context.sourceWorkspace });
    } else if (body === "workspaceFolderBasename")
      parts.push({ kind: "text", text: basename(context.sourceWorkspace) });
    else if (body === "pathSeparator" || body === "/") parts.push({ kind: "text", text: "/" });
    else if (body === "userHome") {
      parts.push(
        literalPosition ? { kind: "text", text: context.home } : { kind: "env", name: "HOME", written },
      );
    } else if (body.startsWith("env:") && ENV_NAME.test(body.slice(4)))
      parts.push({ kind: "env", name: body.slice(4), written });
    else if (body.startsWith("input:")) parts.push({ kind: "input", id: body.slice(6), written });
    else {
      const [name, fallback] = body.split(/:-(.*)/s, 2);
      if (name !== undefined && ENV_NAME.test(name))
        parts.push({ kind: "env", name, ...(fallback !== undefined ? { default: fallback } : {}), written });
      else parts.push({ kind: "unknown", written });
    }
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

function inputNote(id: string, context: McpImportContext, variable: string): ValueNote {
  const description = context.inputs.get(id)?.description;
  return {
    kind: "action",
    message: `VS Code asks for the input "${id}"${description ? ` (${description})` : ""} when the server starts; mono-agent reads it from the environment variable ${variable} instead: export it or add it to the agent folder's .env`,
  };
}

/**
 * A value where mono-agent accepts only a literal (command, args, url, cwd): workspace and home
 * placeholders become paths, environment variables their current value (or default). What cannot
 * be resolved stays as written, with an action note (validate then warns on it too).
 */
export function translateLiteral(
  text: string,
  where: string,
  context: McpImportContext,
): { value: string; notes: ValueNote[] } {
  if (!text.includes("${")) return { value: text, notes: [] };
  const notes: ValueNote[] = [];
  const out = parseParts(text, context, true).map((part) => {
    if (part.kind === "text") return part.text;
    if (part.kind === "env") {
      const value = context.importEnv[part.name] ?? part.default;
      if (value !== undefined) {
        notes.push({
          kind: "action",
          message: `${where}: ${part.written} written as its ${context.importEnv[part.name] !== undefined ? "current value" : "default"} "${value}" (mono-agent expands no variable in ${where.replace(/\[\d+\]$/, "")}); edit it if that should differ`,
        });
        return value;
      }
      notes.push({
        kind: "action",
        message: `${where}: ${part.written} is not set here, so it stays as written: set ${part.name} and import again, or write the value`,
      });
      return part.written;
    }
    notes.push({
      kind: "action",
      message: `${where}: ${part.written} cannot be resolved in ${where.replace(/\[\d+\]$/, "")}: write the value itself`,
    });
    return part.written;
  });
  const value = out.join("");
  if (notes.length === 0) notes.push({ kind: "converted", message: `${where}: ${text} -> ${value}` });
  return { value, notes };
}

/**
 * An env or header value: one environment variable (with text around it) becomes
 * `{ "$env": NAME, "prefix"?, "suffix"?, "default"? }`, so no secret lands in the file; workspace
 * placeholders become the absolute path, `${userHome}` the HOME variable.
 */
export function translateValue(
  text: string,
  where: string,
  context: McpImportContext,
): { value: ConfigValue; notes: ValueNote[] } {
  if (!text.includes("${")) return { value: text, notes: [] };
  const parts = parseParts(text, context, false);
  const dynamic = parts.filter((part) => part.kind !== "text");
  const textOf = (list: Part[]) => list.map((part) => (part.kind === "text" ? part.text : "")).join("");
  if (dynamic.length === 0) {
    const value = textOf(parts);
    return {
      value,
      notes: [{ kind: "converted", message: `${where}: ${text} -> ${JSON.stringify(value)}` }],
    };
  }
  const only = dynamic[0]!;
  if (dynamic.length > 1 || only.kind === "unknown")
    return {
      value: text,
      notes: [
        {
          kind: "action",
          message: `${where}: ${text} ${dynamic.length > 1 ? "holds more than one variable" : `uses ${only.written}, which mono-agent has no equivalent for`}; it stays as written: put the whole value in one environment variable and write { "$env": "NAME" }`,
        },
      ],
    };
  const index = parts.indexOf(only);
  const prefix = textOf(parts.slice(0, index));
  const suffix = textOf(parts.slice(index + 1));
  const variable = only.kind === "env" ? only.name : inputVariableName(only.id);
  const reference = {
    $env: variable,
    ...(prefix ? { prefix } : {}),
    ...(suffix ? { suffix } : {}),
    ...(only.kind === "env" && only.default !== undefined ? { default: only.default } : {}),
  };
  const notes: ValueNote[] = [
    { kind: "converted", message: `${where}: ${text} -> ${JSON.stringify(reference)}` },
  ];
  if (only.kind === "input") notes.push(inputNote(only.id, context, variable));
  return { value: reference, notes };
}
