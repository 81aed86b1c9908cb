import { getTableColumns } from "drizzle-orm";
import { runs } from "./run-store-schema.js";

/**
 * The columns a summary is read from: every column of `runs` but `settled_sequence`, so that a file of
 * an older schema opened read-only (not migrated) can still be listed and read.
 */
export const { settledSequence: _settledSequence, ...summaryColumns } = getTableColumns(runs);
