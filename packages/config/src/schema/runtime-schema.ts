import * as z from "zod";

/**
 * `<provider>:<modelId>`: a provider name as in `models.providers`, a colon, and a model id of 1 to 256
 * characters without white space, control or format characters, lone surrogates or U+FFFD (what invalid
 * UTF-8 decodes to). The longest model ids in pi-ai's registry are under 100 characters; a run would
 * send anything else to the provider and fail there.
 */
export const MODEL_REFERENCE_PATTERN = /^[a-z][a-z0-9-]{0,31}:[^\s\p{Cc}\p{Cf}\p{Cs}\uFFFD]{1,256}$/u;

/** The built-in offline demo model: scripted, no key, no network. */
export const DEFAULT_MODEL = "demo:demo";

function isIanaTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const sessionSchema = z
  .strictObject({
    rollover: z
      .enum(["none", "daily"])
      .default("none")
      .describe(
        '"daily" appends #YYYY-MM-DD to conversation ids. Env MONO_AGENT_SESSION_ROLLOVER. Default "none".',
      ),
    rolloverTimezone: z
      .string()
      .refine(isIanaTimeZone, { error: "expected an IANA time zone such as Europe/Amsterdam or UTC" })
      .optional()
      .describe("IANA time zone of the daily rollover, e.g. Europe/Amsterdam. Default: the host time zone."),
    isolateProactive: z
      .boolean()
      .default(true)
      .describe(
        "Trigger runs (schedules, webhooks) run one-shot without the destination's history, their SessionHistory records isolated, unless the trigger sets isolated. Default true.",
      ),
  })
  .describe("Conversation session settings.");

export const runtimeSchema = z
  .strictObject({
    workspace: z
      .string()
      .min(1)
      .default(".")
      .describe(
        'Working directory of built-in tools and base of tools.mcpConfigPath, relative to the agent folder. Env MONO_AGENT_WORKSPACE. Default ".".',
      ),
    model: z
      .string()
      .regex(MODEL_REFERENCE_PATTERN, {
        error:
          'expected "<provider>:<modelId>" (a model id of at most 256 characters, no spaces or control characters), e.g. "openai:gpt-4o-mini", "ollama:llama3.2" or "demo:demo"',
      })
      .default(DEFAULT_MODEL)
      .describe(
        `Model as <provider>:<modelId>. Env MONO_AGENT_MODEL. Default "${DEFAULT_MODEL}" (offline scripted demo).`,
      ),
    instructions: z
      .string()
      .min(1)
      .default("AGENTS.md")
      .describe(
        'Markdown system-prompt file, relative to the agent folder; optional file. Default "AGENTS.md".',
      ),
    effort: z
      .string()
      .min(1)
      .optional()
      .describe("Reasoning effort passed to the model, e.g. low, medium, high."),
    session: sessionSchema.prefault({}),
  })
  .describe("Where the agent works and which model it uses.");
