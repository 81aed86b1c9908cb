/** A JSON Schema as plain data. */
export type JsonSchemaObject = Record<string, unknown>;

/**
 * Makes an MCP `inputSchema` safe to hand to pi as tool `parameters`, on a deep copy:
 * `$schema` removed, `type: "object"` forced, `properties` defaulted to `{}`, and every `$ref` that
 * cannot be resolved inside the schema (a remote URL, a relative file, or a missing local pointer)
 * replaced by `{}` (accept anything). pi-ai compiles such a ref to "schema is false", which would make
 * the tool impossible to call; the server still validates the arguments itself.
 */
export function normalizeToolInputSchema(inputSchema: unknown): JsonSchemaObject {
  const copy = isPlainObject(inputSchema) ? (structuredClone(inputSchema) as JsonSchemaObject) : {};
  delete copy.$schema;
  copy.type = "object";
  if (!isPlainObject(copy.properties)) copy.properties = {};
  return neutraliseUnresolvableRefs(copy, copy) as JsonSchemaObject;
}

/** Keywords whose value maps names to schemas (so a property called `const` is still a schema). */
const SCHEMA_MAP_KEYWORDS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);

/** Keywords whose value is data, not a schema. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

function neutraliseUnresolvableRefs(node: unknown, root: JsonSchemaObject): unknown {
  if (Array.isArray(node)) return node.map((item) => neutraliseUnresolvableRefs(item, root));
  if (!isPlainObject(node)) return node;
  if (typeof node.$ref === "string" && !resolvesLocally(node.$ref, root)) return {};
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(key)) continue;
    if (SCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value)) {
      for (const [name, schema] of Object.entries(value))
        value[name] = neutraliseUnresolvableRefs(schema, root);
    } else {
      node[key] = neutraliseUnresolvableRefs(value, root);
    }
  }
  return node;
}

function resolvesLocally(reference: string, root: JsonSchemaObject): boolean {
  if (!reference.startsWith("#")) return false;
  const pointer = decodeURIComponentSafely(reference.slice(1));
  if (pointer === undefined) return false;
  if (pointer === "") return true;
  if (!pointer.startsWith("/")) return false;
  let current: unknown = root;
  for (const rawSegment of pointer.slice(1).split("/")) {
    const segment = rawSegment.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isPlainObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return false;
    if (current === undefined) return false;
  }
  return isPlainObject(current) || typeof current === "boolean";
}

function decodeURIComponentSafely(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
