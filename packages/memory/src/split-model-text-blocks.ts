import { splitModelText } from "@mono-agent/evidence";

/** Model-facing text as MCP text blocks within the shared 10,000-character ceiling. */
export function splitModelTextBlocks(text: string): Array<{ type: "text"; text: string }> {
  return splitModelText(text).map((chunk) => ({ type: "text" as const, text: chunk }));
}
