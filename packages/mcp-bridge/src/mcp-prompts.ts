import type { Client, GetPromptResult, Prompt } from "@modelcontextprotocol/client";
import { McpBridgeError } from "./mcp-bridge-error.js";

/**
 * Most `prompts/list` pages read from one server; like the tool list, 100 pages is far above any real
 * server and keeps a listing bounded.
 */
export const MAX_PROMPT_LIST_PAGES = 100;

/** A prompt a server offers, as hosts show it (`/server:prompt` in the web console, `mcp list`). */
export interface McpPromptInfo {
  serverName: string;
  name: string;
  title?: string;
  description?: string;
  arguments: { name: string; description?: string; required: boolean }[];
}

/** A prompt rendered for a run: its messages as text (images and binary resources are named, not sent). */
export interface RenderedMcpPrompt {
  serverName: string;
  name: string;
  description?: string;
  /** The prompt's messages, in order, with their roles. */
  messages: { role: "user" | "assistant"; text: string }[];
}

/** Every prompt of a server (paginated); [] when the server offers no prompts. */
export async function listServerPrompts(
  serverName: string,
  client: Client,
  signal?: AbortSignal,
): Promise<McpPromptInfo[]> {
  if (!client.getServerCapabilities()?.prompts) return [];
  const prompts: Prompt[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PROMPT_LIST_PAGES; page += 1) {
    const result = await client.listPrompts(cursor === undefined ? {} : { cursor }, signal ? { signal } : {});
    prompts.push(...result.prompts);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return prompts.map((prompt) => ({
    serverName,
    name: prompt.name,
    ...(prompt.title ? { title: prompt.title } : {}),
    ...(prompt.description ? { description: prompt.description } : {}),
    arguments: (prompt.arguments ?? []).map((argument) => ({
      name: argument.name,
      ...(argument.description ? { description: argument.description } : {}),
      required: argument.required === true,
    })),
  }));
}

/** Gets one prompt with its arguments and renders its messages as text; errors are `prompt_failed`. */
export async function renderServerPrompt(
  serverName: string,
  client: Client,
  name: string,
  args: Record<string, string>,
): Promise<RenderedMcpPrompt> {
  let result: GetPromptResult;
  try {
    result = await client.getPrompt({ name, arguments: args });
  } catch (error) {
    throw new McpBridgeError(
      "prompt_failed",
      `The prompt "${name}" of the MCP server "${serverName}" could not be used: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return {
    serverName,
    name,
    ...(result.description ? { description: result.description } : {}),
    messages: result.messages.map((message) => ({ role: message.role, text: contentText(message.content) })),
  };
}

function contentText(content: GetPromptResult["messages"][number]["content"]): string {
  switch (content.type) {
    case "text":
      return content.text;
    case "resource":
      return "text" in content.resource && typeof content.resource.text === "string"
        ? content.resource.text
        : `[binary resource ${content.resource.uri} not shown]`;
    case "resource_link":
      return `[resource link: ${content.name} ${content.uri}]`;
    default:
      return `[${content.type} content not shown]`;
  }
}
