import { appendJsonPath } from "./json-path.js";

/** A `${…}` placeholder of another host found in a string value of a server spec. */
export interface HostVariableUse {
  /** JSON path of the value, relative to the server spec (`env.API_KEY`, `args[1]`). */
  jsonPath: string;
  /** The placeholder as written, e.g. `${env:GITHUB_TOKEN}`. */
  placeholder: string;
}

/**
 * `${VAR}`, `${VAR:-default}`, `${env:NAME}`, `${workspaceFolder}`, `${input:id}` ...: the variable
 * syntax of Claude Code, Cursor, VS Code and Windsurf. mono-agent never expands it (a string is literal).
 */
const HOST_VARIABLE = /\$\{[^{}\s]+\}/;

/** Every string value (keys too) of a server spec that holds another host's `${…}` syntax. */
export function findHostVariableSyntax(spec: unknown, basePath = "$"): HostVariableUse[] {
  const found: HostVariableUse[] = [];
  const visit = (value: unknown, path: string) => {
    if (typeof value === "string") {
      const match = HOST_VARIABLE.exec(value);
      if (match) found.push({ jsonPath: path, placeholder: match[0] });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(item, `${path}[${index}]`);
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, appendJsonPath(path, [key]));
    }
  };
  visit(spec, basePath);
  return found;
}
