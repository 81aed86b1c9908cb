import { dirname, resolve } from "node:path";
import { prewarmPatternSearch } from "@mono-agent/tools/node";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { startFailureMessage } from "../start-failure-message.js";
import { DEFAULT_CONFIG_FILE } from "../validate/validate-command.js";
import { isLoopbackHost } from "./loopback-host.js";
import { openTestClock, TEST_CLOCK_FILE_ENV, type TestClock } from "./test-clock.js";
import { WEB_TOKEN_ENV } from "./web-token-env.js";

/** Port when neither --port nor `web.port` says otherwise: the config's own `web.port` default. */
export const DEFAULT_WEB_PORT = 4317;

/** Host the console binds when neither --host nor `web.host` says otherwise. */
export const DEFAULT_WEB_HOST = "127.0.0.1";

const USAGE = "mono-agent serve [--port N] [--host HOST] [--allow-remote] [--config FILE] [--env-file FILE]";

const HELP = `usage: ${USAGE}

Serves the web console: threads (web:<threadId>) with streamed answers and each turn's tool activity,
files sent with a message (staged for tools.mcpRequestContextServers), and continuation results shown
live in their thread. Runs the config's triggers too: schedules at their fire times, webhooks on
triggers.webhookServer (one serve per folder runs them; docs/triggers.md). With a slack block it also
joins Slack (docs/slack.md): mentions in allowed channels and DMs are answered in their threads; with a
telegram block it answers Telegram (docs/telegram.md): private chats and group mentions in allowed chats.
With an a2a block it publishes an A2A agent card and answers A2A calls on a2a.port, each a run in
conversation a2a:<contextId> (docs/collaborators.md).
Prints the URL to open; it carries the operator token (#token=...), which every request must prove.

  --port N          port (default web.port, else ${DEFAULT_WEB_PORT}; 0 picks a free one)
  --host HOST       address to bind (default web.host, else ${DEFAULT_WEB_HOST})
  --allow-remote    required to bind a non-loopback address: anyone who can reach it and has the
                    token can run the agent
  --config FILE     the agent's config (default ./${DEFAULT_CONFIG_FILE})
  --env-file FILE   fill unset variables from a dotenv file (default: .env in the agent folder)

The token is random per start unless MONO_AGENT_WEB_TOKEN is set. Ctrl-C stops the console.
`;

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535)
    throw new ExitError(`--port ${text} is not a port; use 0..65535 (0 picks a free port)`, EXIT_USAGE);
  return port;
}

export async function serveCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      port: { type: "string" },
      host: { type: "string" },
      "allow-remote": { type: "boolean" },
      config: { type: "string" },
      "env-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  if (positionals.length > 0)
    throw new ExitError(`unexpected argument "${positionals[0]}"\nusage: ${USAGE}`, EXIT_USAGE);
  // Checked before the app starts: a bad flag must not leave the app's stores holding the process open.
  const givenPort = values.port !== undefined ? parsePort(values.port) : undefined;
  const configPath = resolve(io.cwd, values.config ?? DEFAULT_CONFIG_FILE);
  const hostEnv = loadHostEnv({
    exported: io.env,
    cwd: io.cwd,
    agentDir: dirname(configPath),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  });
  const { operatorTokenProblem } = await import("@mono-agent/web-console");
  const { generateOperatorToken, startWebConsole } = await import("@mono-agent/web-console/node");
  const { [WEB_TOKEN_ENV]: givenToken, [TEST_CLOCK_FILE_ENV]: _testClockFile, ...env } = hostEnv;
  if (givenToken !== undefined) {
    const problem = operatorTokenProblem(givenToken, WEB_TOKEN_ENV);
    if (problem) throw new ExitError(problem, EXIT_USAGE);
  }
  const token = givenToken ?? generateOperatorToken();
  // Test only (docs/triggers.md): read from the exported environment, never from a .env file.
  const clockFile = io.env[TEST_CLOCK_FILE_ENV];
  const clock: TestClock | undefined = clockFile ? openTestClock(resolve(io.cwd, clockFile)) : undefined;
  if (clock)
    io.stderr.write(
      `warning: ${TEST_CLOCK_FILE_ENV} is set: serve's clock reads ${clock.file} (tests only)\n`,
    );

  const { startMonoAgentApp } = await import("../../app/start-mono-agent-app.js");
  const { createAgentChannels } = await import("../../app/channels/agent-channels.js");
  const channels = createAgentChannels({
    env,
    onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
  });
  const app = await startMonoAgentApp({
    configPath,
    env,
    cwd: io.cwd,
    hostSecrets: [token],
    adapterSendTools: channels.adapterSendTools,
    continuationPoster: channels.continuationPoster,
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
    ...(clock ? { now: clock.now } : {}),
  }).catch((error: unknown) => {
    clock?.close();
    throw new ExitError(
      `${startFailureMessage(error)}\nrun \`mono-agent validate\` for every problem at once`,
      EXIT_FAILURE,
    );
  });
  // The folder's trigger lock comes before the console: a second serve fails here and fires nothing.
  const { prepareServeTriggers } = await import("./serve-triggers.js");
  let triggers: Awaited<ReturnType<typeof prepareServeTriggers>>;
  try {
    triggers = prepareServeTriggers(app, env, clock);
  } catch (error) {
    clock?.close();
    await app.close();
    throw error;
  }
  // A long-lived host starts Grep's matching thread now, so no thread's first Grep waits for it.
  prewarmPatternSearch();
  const web = app.loaded.config.web;
  const host = values.host ?? web?.host ?? DEFAULT_WEB_HOST;
  const port = givenPort ?? web?.port ?? DEFAULT_WEB_PORT;
  const remote = !isLoopbackHost(host);
  if (remote && !values["allow-remote"]) {
    await triggers?.close();
    await app.close();
    throw new ExitError(
      `--host ${host} is not a loopback address; pass --allow-remote to serve it anyway (anyone who can reach it and has the token can run the agent), or use ${DEFAULT_WEB_HOST}`,
      EXIT_USAGE,
    );
  }
  if (remote)
    io.stderr.write(
      `warning: the console listens on ${host}, reachable from other machines over plain HTTP; protect the token and the network\n`,
    );

  const { detectWebFeatures, webThreadStoreFile } = await import("@mono-agent/web-console/node");
  const { consoleAppOf } = await import("./console-app-of.js");
  const { conversationStoreFile } = await import("../../app/start-mono-agent-app.js");
  const { openServeWebStores } = await import("./serve-web-stores.js");
  const webStores = await openServeWebStores(app, env).catch(async (error: unknown) => {
    await triggers?.close();
    await app.close();
    throw new ExitError(
      `the web console could not start: ${error instanceof Error ? error.message : String(error)}`,
      EXIT_FAILURE,
    );
  });
  const webConsole = await startWebConsole({
    app: consoleAppOf(app),
    ...(webStores ?? { storeFile: webThreadStoreFile(app.loaded.artifactsDir) }),
    host,
    port,
    token,
    allowRemote: remote,
    features: await detectWebFeatures({
      interaction: app.interaction,
      artifactsDir: app.loaded.artifactsDir,
      memoryDir: app.loaded.memoryDir,
      conversationsFile: conversationStoreFile(app.loaded),
      ...(app.sharedPostgres ? { sharedPostgres: app.sharedPostgres } : {}),
    }),
  }).catch(async (error: unknown) => {
    await triggers?.close();
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExitError(
      code === "EADDRINUSE"
        ? `port ${port} on ${host} is in use; pass --port with a free port (0 picks one)`
        : `the web console could not start: ${error instanceof Error ? error.message : String(error)}`,
      EXIT_FAILURE,
    );
  });
  // The chat channels (slack.*) start with the console and stop with it; a channel that cannot start stops serve.
  const channelLines = await channels.start(app).catch(async (error: unknown) => {
    await channels.stop();
    await webConsole.close();
    await app.close();
    throw new ExitError(
      `${error instanceof Error ? error.message : String(error)}\nrun \`mono-agent validate --connect\` to check the slack and telegram settings`,
      EXIT_FAILURE,
    );
  });
  for (const line of channelLines) io.stdout.write(`${line}\n`);
  // mono-agent as an A2A agent (an a2a block): docs/collaborators.md.
  const { startServeA2a } = await import("./serve-a2a.js");
  const a2a = await startServeA2a(app, env).catch(async (error: unknown) => {
    await channels.stop();
    await webConsole.close();
    await triggers?.close();
    await app.close();
    throw error;
  });
  for (const line of a2a?.lines ?? []) io.stdout.write(`${line}\n`);
  if (webConsole.interruptedTurns > 0)
    io.stderr.write(
      `note: ${webConsole.interruptedTurns} turn(s) left running by an earlier start are marked interrupted\n`,
    );
  const triggerLines = triggers
    ? await triggers
        .start(
          (text, run) => webConsole.startTriggerThread(text, run),
          (line) => io.stdout.write(`${line}\n`),
        )
        .catch(async (error: unknown) => {
          await webConsole.close();
          await triggers?.close();
          await app.close();
          throw error;
        })
    : [];
  io.stdout.write(
    `mono-agent web console for ${app.loaded.agentDir}\nopen ${webConsole.server.origin}/#token=${token}\n${triggerLines.map((line) => `${line}\n`).join("")}(Ctrl-C stops it)\n`,
  );

  await new Promise<void>((resolveStop) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolveStop();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await a2a?.close();
  await channels.stop();
  await triggers?.close();
  clock?.close();
  await webConsole.close();
  await app.close();
  return EXIT_OK;
}
