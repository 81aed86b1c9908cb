import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";
import * as node from "../src/node.js";

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "A2A_CONVERSATION_PREFIX",
        "A2A_RUN_SOURCE",
        "ASK_COLLABORATOR_TOOL_NAME",
        "COLLABORATORS_SERVER_NAME",
        "CollaboratorError",
      ]
    `);
  });
  test("the ./node entry", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "A2A_BEARER_MIN_CHARS",
        "A2A_JSONRPC_PATH",
        "AGENT_CARD_PATH",
        "a2aConversationId",
        "askCollaborator",
        "connectCollaborator",
        "createAskCollaboratorServer",
        "followCollaboratorTasks",
        "startA2aEndpoint",
      ]
    `);
  });
});
