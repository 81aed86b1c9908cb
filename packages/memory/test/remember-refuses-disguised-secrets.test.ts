import { OMISSION_MARKERS } from "@mono-agent/evidence";
import { afterAll, describe, expect, test } from "vitest";
import { disguisedCases, ordinaryFacts } from "../../evidence/test/fixtures/disguise-corpus.js";
import { corpusEnv } from "../../evidence/test/fixtures/secret-corpus.js";
import { createMemoryRecallServer, createRememberServer } from "../src/index.js";
import { type LiteMemoryStore, openLiteMemoryStore } from "../src/lite/index.js";
import { call, connect, dailyText, tempRoot } from "./helpers.js";
import { journalClient, storeWith } from "./journal-fixture.js";

const stores: LiteMemoryStore[] = [];
afterAll(() => {
  for (const store of stores.splice(0)) store.close();
});

describe("Remember sees through disguised secrets", () => {
  test("every disguised secret is refused and nothing is written; ordinary facts are stored", async () => {
    const store = openLiteMemoryStore({ root: tempRoot() });
    stores.push(store);
    const client = await connect(createRememberServer({ store, env: corpusEnv }));
    const stored: string[] = [];
    for (const testCase of disguisedCases) {
      const result = await call(client, "Remember", { text: testCase.text });
      if (!result.isError) stored.push(testCase.label);
      else expect(result.structured, testCase.label).toMatchObject({ schema: 1, stored: false });
    }
    const refusedFacts: string[] = [];
    for (const fact of ordinaryFacts) {
      const result = await call(client, "Remember", { text: fact });
      if (result.isError) refusedFacts.push(`${fact} (${result.text})`);
    }
    console.log(
      `Remember: refused ${disguisedCases.length - stored.length}/${disguisedCases.length} disguised secrets; ` +
        `refused ${refusedFacts.length}/${ordinaryFacts.length} ordinary facts ` +
        `(${((100 * refusedFacts.length) / ordinaryFacts.length).toFixed(1)}%)`,
    );
    expect(disguisedCases.length).toBeGreaterThanOrEqual(80);
    expect(stored).toEqual([]);
    expect(refusedFacts.length / ordinaryFacts.length).toBeLessThanOrEqual(0.02);
    const written = dailyText(store.root);
    for (const testCase of disguisedCases) expect(written).not.toContain(testCase.secret.slice(4, 12));
  });

  test("MemoryRecall and MemoryJournal withhold stored facts the current scanner would refuse", async () => {
    const disguised = disguisedCases.filter((_, index) => index % 9 === 0);
    const store = storeWith([
      ...disguised.map((testCase) => ({
        created: "2026-09-02T10:00:00.000Z",
        text: `falcon ${testCase.text}`,
      })),
      { created: "2026-09-02T11:00:00.000Z", text: "falcon ships on Tuesday" },
    ]);
    stores.push(store);
    const recall = await connect(createMemoryRecallServer({ store, env: corpusEnv }));
    const hits = (await call(recall, "MemoryRecall", { query: "falcon", limit: 50 })).structured[
      "hits"
    ] as Array<{
      text: string;
    }>;
    expect(hits.length).toBe(disguised.length + 1);
    expect(hits.filter((hit) => hit.text === OMISSION_MARKERS.memoryText).length).toBe(disguised.length);
    expect(hits.map((hit) => hit.text)).toContain("falcon ships on Tuesday");

    const { journal } = await journalClient(store, { env: corpusEnv });
    const page = await journal({
      fromDate: "2026-09-02",
      throughDate: "2026-09-02",
      timeZone: "UTC",
      limit: 25,
    });
    const entries = page.structured["entries"] as Array<{ text: string; textWithheld: boolean }>;
    expect(entries.length).toBe(disguised.length + 1);
    expect(entries.filter((entry) => entry.textWithheld).map((entry) => entry.text)).toEqual(
      Array(disguised.length).fill(OMISSION_MARKERS.memoryText),
    );
    const everything = JSON.stringify([hits, entries]);
    for (const testCase of disguised) expect(everything).not.toContain(testCase.secret.slice(4, 12));
  });
});
