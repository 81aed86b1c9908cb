import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CollaboratorPeer } from "../src/collaborator-peer.js";
import {
  type AskCollaboratorServerOptions,
  createAskCollaboratorServer,
} from "../src/node/ask-collaborator-server.js";

/** A peer with test-sized bounds. */
export function peer(
  name: string,
  cardUrl: string,
  overrides: Partial<CollaboratorPeer> = {},
): CollaboratorPeer {
  return {
    name,
    cardUrl,
    waitMs: 10_000,
    handoffDeadlineMs: 86_400_000,
    maxAnswerBytes: 1_048_576,
    maxAnswerDepth: 32,
    ...overrides,
  };
}

/** An MCP client connected in memory to a fresh AskCollaborator server. */
export async function askCollaboratorClient(options: AskCollaboratorServerOptions) {
  const server = createAskCollaboratorServer(options);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientTransport);
  return {
    async ask(args: Record<string, unknown>) {
      const result = await client.callTool({ name: "AskCollaborator", arguments: args });
      const text = (result.content as { type: string; text: string }[]).map((part) => part.text).join("");
      return { isError: result.isError === true, text };
    },
    listTools: () => client.listTools(),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
