import { basename } from "node:path";
import { A2A_RUN_SOURCE } from "@mono-agent/collaborators";
import { type EnvRecord, resolveEnvReference } from "@mono-agent/config";
import type { MonoAgentApp } from "../../app/mono-agent-app.js";
import { EXIT_FAILURE, ExitError } from "../exit-error.js";

/** The A2A endpoint of a serve, started when the config has an enabled `a2a` block. */
export interface ServeA2a {
  lines: string[];
  close(): Promise<void>;
}

/**
 * Starts mono-agent's A2A endpoint for `serve` (docs/collaborators.md): each call is a run of the app
 * in the conversation `a2a:<contextId>`, recorded with source `a2a`. A bearer variable that is unset or
 * shorter than 16 characters, or a port in use, stops serve with the fix.
 */
export async function startServeA2a(app: MonoAgentApp, env: EnvRecord): Promise<ServeA2a | undefined> {
  const block = app.loaded.config.a2a;
  if (!block?.enabled) return undefined;
  const bearer = resolveEnvReference(block.bearer, env);
  // The A2A server code loads only with an a2a block.
  const { A2A_BEARER_MIN_CHARS, startA2aEndpoint } = await import("@mono-agent/collaborators/node");
  if (bearer === undefined || bearer.length < A2A_BEARER_MIN_CHARS)
    throw new ExitError(
      `a2a.bearer: ${block.bearer.$env} is ${bearer === undefined ? "not set" : "shorter than 16 characters"}; set it (e.g. \`export ${block.bearer.$env}="$(openssl rand -base64 24)"\`) or remove the a2a block`,
      EXIT_FAILURE,
    );
  const endpoint = await startA2aEndpoint({
    host: block.host,
    port: block.port,
    bearer,
    name: block.name ?? basename(app.loaded.agentDir),
    description: block.description ?? "A mono-agent agent: ask it a question in plain text.",
    ...(block.publicUrl ? { publicUrl: block.publicUrl } : {}),
    maxBodyBytes: block.maxBodyBytes,
    run: (request) =>
      app.run({
        input: request.input,
        conversationId: request.conversationId,
        signal: request.signal,
        source: A2A_RUN_SOURCE,
      }),
  }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExitError(
      code === "EADDRINUSE"
        ? `a2a.port ${block.port} on ${block.host} is in use; set a free a2a.port (0 picks one)`
        : `the A2A endpoint could not start: ${error instanceof Error ? error.message : String(error)}`,
      EXIT_FAILURE,
    );
  });
  return { lines: [`A2A agent card: ${endpoint.cardUrl}`], close: () => endpoint.close() };
}
