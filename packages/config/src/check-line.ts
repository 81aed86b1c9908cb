/** Status of one finding or section of a config check (`mono-agent validate`), from best to worst. */
export type CheckStatus = "ok" | "disabled" | "warning" | "error";

/**
 * One finding of a package's config check (`mono-agent validate`): `code` names a problem for scripts,
 * `file` and `jsonPath` say where it is, `suggestion` says how to fix it. The host renders findings;
 * a check never prints.
 */
export interface CheckLine {
  status: CheckStatus;
  message: string;
  code?: string;
  file?: string;
  jsonPath?: string;
  suggestion?: string;
}

/** The findings of a check whose status is its own (e.g. `disabled` when the feature is off), not the worst line's. */
export interface CheckResult {
  status: CheckStatus;
  lines: CheckLine[];
}
