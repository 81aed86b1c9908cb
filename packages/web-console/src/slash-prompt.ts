/** An MCP prompt a message asks for: `/server:name key=value … more text`. */
export interface SlashPrompt {
  server: string;
  name: string;
  arguments: Record<string, string>;
}

/** `/server:name` at the start of a message: a server name (mcp.json's rule) and an MCP prompt name. */
const SLASH_PROMPT = /^\/([A-Za-z0-9][A-Za-z0-9_-]{0,47}):([A-Za-z0-9][\w.-]{0,127})(?=\s|$)/;

/** One `key=value` or `key="a value"` argument after it (`\"` and `\\` escape inside quotes). */
const ARGUMENT = /^\s+([A-Za-z_][\w-]{0,63})=(?:"((?:[^"\\]|\\.)*)"|([^\s"]*))(?=\s|$)/;

/**
 * Reads a console message that starts with `/server:prompt`: the prompt, its `key=value` arguments, and
 * the text after them (sent after the prompt's own messages). `//` at the start sends the rest as it is
 * (`//usr:local` is the text `/usr:local`). Anything else is an ordinary message: undefined.
 */
export function parseSlashPrompt(message: string): { prompt?: SlashPrompt; text: string } {
  if (message.startsWith("//")) return { text: message.slice(1) };
  const head = SLASH_PROMPT.exec(message);
  if (!head) return { text: message };
  const args: [string, string][] = [];
  let rest = message.slice(head[0].length);
  for (let match = ARGUMENT.exec(rest); match; match = ARGUMENT.exec(rest)) {
    const [whole, key, quoted, bare] = match;
    args.push([key!, quoted !== undefined ? quoted.replace(/\\(["\\])/g, "$1") : (bare ?? "")]);
    rest = rest.slice(whole.length);
  }
  // fromEntries defines own properties, so an argument named `__proto__` is an argument, not a prototype.
  return {
    prompt: { server: head[1]!, name: head[2]!, arguments: Object.fromEntries(args) },
    text: rest.trim(),
  };
}
