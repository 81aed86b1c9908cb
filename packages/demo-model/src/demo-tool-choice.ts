import type { Tool } from "@earendil-works/pi-ai";

/** A tool call the demo plans, with the reason it tells the user. */
export interface DemoToolChoice {
  name: string;
  arguments: Record<string, unknown>;
  reason: string;
}

/** Characters of the prompt the demo passes as a required string argument. */
export const DEMO_ARGUMENT_MAX_CHARACTERS = 200;

/** Deepest nesting of object arguments the demo fills from a schema (schemas nest rarely; cycles must end). */
export const DEMO_SCHEMA_MAX_DEPTH = 4;

/**
 * Cities that are not the city of their IANA zone's name. Every other zone city (Tokyo, Amsterdam,
 * New York ...) comes from `Intl.supportedValuesOf("timeZone")`, the runtime's own zone list.
 */
const CITY_ZONE_ALIASES: Record<string, string> = {
  "san francisco": "America/Los_Angeles",
  seattle: "America/Los_Angeles",
  washington: "America/New_York",
  boston: "America/New_York",
  miami: "America/New_York",
  beijing: "Asia/Shanghai",
  delhi: "Asia/Kolkata",
  "new delhi": "Asia/Kolkata",
  mumbai: "Asia/Kolkata",
  bangalore: "Asia/Kolkata",
  osaka: "Asia/Tokyo",
  kyoto: "Asia/Tokyo",
  munich: "Europe/Berlin",
  barcelona: "Europe/Madrid",
  milan: "Europe/Rome",
  "hong kong": "Asia/Hong_Kong",
};

/** Zone cities that are also everyday words ("on Christmas", "at Easter"): never read as a place. */
const AMBIGUOUS_ZONE_CITIES = new Set(["christmas", "easter", "resolute", "casey", "regina", "jersey"]);

/** `17 * 23`, `(12.5 * 4) ^ 2 / 3`: at least two numbers joined by operators, parentheses allowed. */
const ARITHMETIC = /[-(]*\s*\d+(?:\.\d+)?(?:\s*\)*\s*[-+*/%^x×÷]\s*\(*\s*-?\d+(?:\.\d+)?\s*\)*)+/i;
const WORD_OPERATORS: [RegExp, string][] = [
  [/\bplus\b/gi, "+"],
  [/\bminus\b/gi, "-"],
  [/\b(?:times|multiplied by)\b/gi, "*"],
  [/\bdivided by\b/gi, "/"],
];

/** The arithmetic expression a prompt asks for ("What is 17 * 23?" -> `17 * 23`), if any. */
export function arithmeticExpression(prompt: string): string | undefined {
  let text = prompt.replace(/\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}\b/g, " ");
  for (const [pattern, operator] of WORD_OPERATORS) text = text.replace(pattern, ` ${operator} `);
  const match = ARITHMETIC.exec(text);
  if (!match) return undefined;
  const expression = match[0].replace(/[x×]/gi, "*").replace(/÷/g, "/").replace(/\s+/g, " ").trim();
  const opened = (expression.match(/\(/g) ?? []).length;
  const closed = (expression.match(/\)/g) ?? []).length;
  return opened === closed ? expression : expression.replace(/[()]/g, "").replace(/\s+/g, " ").trim();
}

let zoneByCity: Map<string, string> | undefined;

function cityZones(): Map<string, string> {
  if (zoneByCity) return zoneByCity;
  zoneByCity = new Map(Object.entries(CITY_ZONE_ALIASES));
  for (const zone of Intl.supportedValuesOf("timeZone")) {
    const parts = zone.split("/");
    const city = (parts[1] ?? "").replace(/_/g, " ").toLowerCase();
    if (parts.length === 2 && !AMBIGUOUS_ZONE_CITIES.has(city) && !zoneByCity.has(city))
      zoneByCity.set(city, zone);
  }
  return zoneByCity;
}

/** The IANA zone of a city the prompt names ("time in Tokyo" -> `Asia/Tokyo`), or a zone written out. */
export function mentionedTimeZone(prompt: string): string | undefined {
  const written = /\b[A-Z][a-z]+\/[A-Z][A-Za-z_]+(?:\/[A-Z][A-Za-z_]+)?\b/.exec(prompt)?.[0];
  if (written && Intl.supportedValuesOf("timeZone").includes(written)) return written;
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  for (let index = 0; index < words.length; index++) {
    for (const length of [3, 2, 1]) {
      const zone = cityZones().get(words.slice(index, index + length).join(" "));
      if (zone) return zone;
    }
  }
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The property names of a tool's input schema, and which are required. */
function schemaProperties(schema: unknown): { properties: Record<string, unknown>; required: string[] } {
  const record = asRecord(schema) ?? {};
  const required = Array.isArray(record["required"])
    ? record["required"].filter((name): name is string => typeof name === "string")
    : [];
  return { properties: asRecord(record["properties"]) ?? {}, required };
}

const NO_VALUE = Symbol("no value");

/**
 * A value that satisfies one property schema: its default, const or first enum value, the first
 * fillable branch of a union (anyOf / oneOf / a type list), else a plain value of its type
 * (`text` for strings). `NO_VALUE` when the demo cannot fill it.
 */
export function valueForSchema(schema: unknown, text: string, depth = 0): unknown {
  const property = asRecord(schema) ?? {};
  if (property["default"] !== undefined) return property["default"];
  if (property["const"] !== undefined) return property["const"];
  if (Array.isArray(property["enum"]) && property["enum"].length > 0) return property["enum"][0];
  for (const key of ["anyOf", "oneOf"]) {
    const branches = property[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (asRecord(branch)?.["type"] === "null") continue;
      const value = valueForSchema(branch, text, depth);
      if (value !== NO_VALUE) return value;
    }
  }
  if (Array.isArray(property["allOf"]) && property["allOf"].length === 1)
    return valueForSchema(property["allOf"][0], text, depth);
  const types = Array.isArray(property["type"]) ? property["type"] : [property["type"]];
  for (const type of types.filter((entry) => entry !== "null")) {
    if (type === "string" || type === undefined) return text.slice(0, DEMO_ARGUMENT_MAX_CHARACTERS);
    if (type === "number" || type === "integer")
      return typeof property["minimum"] === "number" ? property["minimum"] : 1;
    if (type === "boolean") return false;
    if (type === "array") return [];
    if (type === "object") {
      if (depth >= DEMO_SCHEMA_MAX_DEPTH) return NO_VALUE;
      const filled = fillRequired(property, text, depth + 1);
      return filled ?? NO_VALUE;
    }
  }
  return NO_VALUE;
}

/** Fills the required properties of an object schema, or `undefined` when one cannot be filled. */
export function fillRequired(
  schema: unknown,
  text: string,
  depth = 0,
  given: Record<string, unknown> = {},
): Record<string, unknown> | undefined {
  const { properties, required } = schemaProperties(schema);
  const args: Record<string, unknown> = { ...given };
  for (const name of required) {
    if (Object.hasOwn(args, name)) continue;
    const value = valueForSchema(properties[name], text, depth);
    if (value === NO_VALUE) return undefined;
    args[name] = value;
  }
  return args;
}

function propertyNamed(tool: Tool, pattern: RegExp): string | undefined {
  return Object.keys(schemaProperties(tool.parameters).properties).find((name) => pattern.test(name));
}

function toolPart(tool: Tool): string {
  return tool.name.slice(tool.name.lastIndexOf("__") + 2).toLowerCase();
}

/**
 * The tool that fits what the prompt asks, if one is plain: arithmetic goes to a calculator tool
 * (one with an `expression` argument) with the expression alone; a named city or IANA zone goes to a
 * time tool (one with a time-zone argument) with that zone.
 */
export function chooseToolForPrompt(prompt: string, tools: readonly Tool[]): DemoToolChoice | undefined {
  const expression = arithmeticExpression(prompt);
  if (expression !== undefined) {
    for (const tool of tools) {
      const argument = propertyNamed(tool, /^(expression|expr|formula)$/i);
      if (argument === undefined && !/calc|math|arith/.test(toolPart(tool))) continue;
      const args = fillRequired(tool.parameters, prompt, 0, argument ? { [argument]: expression } : {});
      if (args && argument)
        return { name: tool.name, arguments: args, reason: `with the expression ${expression}` };
    }
  }
  const zone = mentionedTimeZone(prompt);
  if (zone !== undefined || /\b(time|clock|date)\b/i.test(prompt)) {
    for (const tool of tools) {
      if (!/time|clock|date/.test(toolPart(tool))) continue;
      const argument = propertyNamed(tool, /^(time_?zone|zone|tz)$/i);
      const given = zone && argument ? { [argument]: zone } : {};
      const args = fillRequired(tool.parameters, prompt, 0, given);
      if (args)
        return {
          name: tool.name,
          arguments: args,
          reason: zone && argument ? `for the time zone ${zone}` : "(your message asks for the time)",
        };
    }
  }
  return undefined;
}
