/**
 * One finding of a channel's config check (`mono-agent validate`): `status` is `ok`, `disabled`, `warning`
 * or `error`; `code` names a problem for scripts; `jsonPath` is the config key it is about; `suggestion`
 * says how to fix it. The host renders findings; the channel never prints.
 */
export interface ChannelCheckLine {
  status: "ok" | "disabled" | "warning" | "error";
  message: string;
  code?: string;
  jsonPath?: string;
  suggestion?: string;
}
