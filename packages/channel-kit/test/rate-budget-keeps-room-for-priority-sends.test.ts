import { expect, test } from "vitest";
import { createRateBudget } from "../src/index.js";

test("streamed sends stop at capacity minus the reserve; priority sends still fit; the window slides", () => {
  let now = 0;
  const budget = createRateBudget({ capacity: 5, reserved: 2, windowMs: 1000, now: () => now });
  const streamed = Array.from({ length: 6 }, () => budget.tryTake("C1", "stream"));
  expect(streamed).toEqual([true, true, true, false, false, false]);
  expect(budget.tryTake("C2", "stream")).toBe(true);
  expect(budget.tryTake("C1", "priority")).toBe(true);
  expect(budget.tryTake("C1", "priority")).toBe(true);
  expect(budget.tryTake("C1", "priority")).toBe(false);
  expect(budget.waitMs("C1", "priority")).toBe(1000);
  now = 1001;
  expect(budget.waitMs("C1", "stream")).toBe(0);
  expect(budget.tryTake("C1", "stream")).toBe(true);
});
