import {
  ENV_OVERRIDES,
  ENV_VALUE_FORMS,
  type EnvOverride,
  isEnvOverrideSet,
  parseEnvValue,
  RETIRED_ENV_VARIABLES,
} from "./env-overrides.js";
import { isPlainObject } from "./json-path.js";
import type { EnvRecord } from "./loaded-config.js";
import type { ConfigIssue } from "./mono-agent-config-error.js";

/** The raw config with env values written in, and what the env changed. */
export interface EnvOverrideResult {
  input: unknown;
  issues: ConfigIssue[];
  /** Dotted key -> variable, for each key an env variable set. */
  envKeys: Map<string, string>;
}

function setAtKey(root: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = key.split(".") as [string, ...string[]];
  if (rest.length === 0) return { ...root, [head]: value };
  const child = Object.hasOwn(root, head) ? root[head] : {};
  if (!isPlainObject(child)) return root;
  return { ...root, [head]: setAtKey(child, rest.join("."), value) };
}

function retiredIssues(env: EnvRecord): ConfigIssue[] {
  return RETIRED_ENV_VARIABLES.filter((variable) => (env[variable] ?? "") !== "").map((variable) => ({
    severity: "error",
    code: "retired_env_var",
    message: `Environment variable ${variable} is retired and no longer read; remove it from the environment or the .env file.`,
    expected: `${variable} unset`,
    suggestion: `unset ${variable}`,
  }));
}

function invalidValueIssue(override: EnvOverride, text: string): ConfigIssue {
  const expected = ENV_VALUE_FORMS[override.kind];
  return {
    severity: "error",
    code: "invalid_env_value",
    jsonPath: override.key,
    message: `${override.variable}=${JSON.stringify(text)} is not accepted for ${override.key}; accepted: ${expected}.`,
    expected,
  };
}

function memoryNotConfiguredIssue(override: EnvOverride): ConfigIssue {
  return {
    severity: "error",
    code: "invalid_env_value",
    jsonPath: override.key,
    message: `${override.variable} is set but memory is not configured; set memory.path in the config or MONO_AGENT_MEMORY_PATH, or unset ${override.variable}.`,
    expected: "memory.path or MONO_AGENT_MEMORY_PATH set",
  };
}

/** Writes every set `MONO_AGENT_*` variable into the raw config (env wins over JSON) and reports bad or retired ones. */
export function applyEnvOverrides(raw: unknown, env: EnvRecord): EnvOverrideResult {
  const issues = retiredIssues(env);
  const envKeys = new Map<string, string>();
  let input = raw;
  const memoryDeclared =
    (isPlainObject(raw) && Object.hasOwn(raw, "memory")) || (env["MONO_AGENT_MEMORY_PATH"] ?? "") !== "";
  for (const override of ENV_OVERRIDES) {
    const text = env[override.variable];
    if (!isEnvOverrideSet(override, text)) continue;
    const value = parseEnvValue(override.kind, text);
    if (value === undefined) {
      issues.push(invalidValueIssue(override, text));
      continue;
    }
    if (override.key.startsWith("memory.") && override.key !== "memory.path" && !memoryDeclared) {
      issues.push(memoryNotConfiguredIssue(override));
      continue;
    }
    envKeys.set(override.key, override.variable);
    if (isPlainObject(input)) input = setAtKey(input, override.key, value);
  }
  return { input, issues, envKeys };
}
