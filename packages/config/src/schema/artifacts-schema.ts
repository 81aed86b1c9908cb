import * as z from "zod";

/** Retention defaults and bounds of run artifacts, as in mono-agent v0: keep a year and 50,000 runs; at most 10 years and a million runs. */
export const ARTIFACT_RETENTION = {
  maxAgeDaysDefault: 365,
  maxAgeDaysLimit: 3650,
  maxCountDefault: 50_000,
  maxCountLimit: 1_000_000,
} as const;

export const retentionSchema = z
  .strictObject({
    maxAgeDays: z
      .number()
      .int()
      .min(1)
      .max(ARTIFACT_RETENTION.maxAgeDaysLimit)
      .default(ARTIFACT_RETENTION.maxAgeDaysDefault)
      .describe(
        "Delete run artifacts older than this many days (1..3650). Env MONO_AGENT_ARTIFACT_RETENTION_MAX_AGE_DAYS. Default 365.",
      ),
    maxCount: z
      .number()
      .int()
      .min(1)
      .max(ARTIFACT_RETENTION.maxCountLimit)
      .default(ARTIFACT_RETENTION.maxCountDefault)
      .describe(
        "Keep at most this many runs (1..1000000). Env MONO_AGENT_ARTIFACT_RETENTION_MAX_COUNT. Default 50000.",
      ),
    dryRun: z
      .boolean()
      .default(false)
      .describe(
        "Report what retention would delete without deleting. Env MONO_AGENT_ARTIFACT_RETENTION_DRY_RUN. Default false.",
      ),
  })
  .describe("Retention of run artifacts.");

export const artifactsSchema = z
  .strictObject({
    dir: z
      .string()
      .min(1)
      .default(".mono-agent/artifacts")
      .describe(
        'Run artifacts folder, relative to the agent folder. Env MONO_AGENT_ARTIFACT_DIR. Default ".mono-agent/artifacts".',
      ),
    retention: retentionSchema.prefault({}),
  })
  .describe("Run records (events and summaries).");
