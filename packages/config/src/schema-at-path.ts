import * as z from "zod";
import { isPlainObject, valueAtPath } from "./json-path.js";

type AnySchema = z.ZodType;

/** Peels wrappers (optional, default, prefault, nullable, pipe input) off a schema. */
function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
      current = current.unwrap() as AnySchema;
    else if (current instanceof z.ZodDefault || current instanceof z.ZodPrefault)
      current = current.unwrap() as AnySchema;
    else if (current instanceof z.ZodPipe) current = current.in as AnySchema;
    else return current;
  }
}

/** For a union, the object option whose keys best match the input at that place. */
function pickUnionOption(options: readonly AnySchema[], input: unknown): AnySchema | undefined {
  const inputKeys = isPlainObject(input) ? Object.keys(input) : [];
  let best: { option: AnySchema; score: number } | undefined;
  for (const option of options.map(unwrap)) {
    if (!(option instanceof z.ZodObject)) continue;
    const score = inputKeys.filter((key) => Object.hasOwn(option.shape, key)).length;
    if (best === undefined || score > best.score) best = { option, score };
  }
  return best?.option;
}

/** The schema that validates the value at `path`, following objects, records, arrays and unions. */
export function schemaAtPath(
  root: AnySchema,
  path: readonly PropertyKey[],
  input: unknown,
): AnySchema | undefined {
  let current: AnySchema | undefined = unwrap(root);
  for (let depth = 0; depth <= path.length; depth++) {
    if (current instanceof z.ZodUnion) {
      current = pickUnionOption(
        current.options as AnySchema[],
        valueAtPath(input, path.slice(0, depth)).value,
      );
    }
    if (current === undefined || depth === path.length) return current;
    const segment = path[depth];
    if (current instanceof z.ZodObject && typeof segment === "string") {
      const child: AnySchema | undefined = current.shape[segment];
      current = child === undefined ? undefined : unwrap(child);
    } else if (current instanceof z.ZodRecord) current = unwrap(current.valueType as AnySchema);
    else if (current instanceof z.ZodArray) current = unwrap(current.element as AnySchema);
    else return undefined;
  }
  return current;
}

/** Keys accepted by the object schema at `path`, or [] when there is none. */
export function knownKeysAt(root: AnySchema, path: readonly PropertyKey[], input: unknown): string[] {
  const schema = schemaAtPath(root, path, input);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Where `key` is a key one level further down (`mcpServers` at the top level -> `tools.mcpServers`). */
export function nestedKeyLocation(
  root: AnySchema,
  path: readonly PropertyKey[],
  key: string,
  input: unknown,
): string | undefined {
  const schema = schemaAtPath(root, path, input);
  if (!(schema instanceof z.ZodObject)) return undefined;
  for (const [childKey, child] of Object.entries(schema.shape as Record<string, AnySchema>)) {
    const inner = unwrap(child);
    if (inner instanceof z.ZodObject && Object.hasOwn(inner.shape, key)) return `${childKey}.${key}`;
  }
  return undefined;
}

/** A human description of the numeric bounds of a number schema, e.g. `an integer from 1 to 3650`. */
export function describeNumberSchema(schema: AnySchema | undefined): string | undefined {
  if (!(schema instanceof z.ZodNumber)) return undefined;
  const noun = schema.isInt ? "integer" : "number";
  const kind = schema.isInt ? "an integer" : "a number";
  const min =
    schema.minValue !== null && schema.minValue > Number.MIN_SAFE_INTEGER ? schema.minValue : undefined;
  const max =
    schema.maxValue !== null && schema.maxValue < Number.MAX_SAFE_INTEGER ? schema.maxValue : undefined;
  if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
  if (min === 1) return `a positive ${noun}`;
  if (min === 0) return `a non-negative ${noun}`;
  if (min !== undefined) return `${kind} of at least ${min}`;
  if (max !== undefined) return `${kind} of at most ${max}`;
  return `${kind}`;
}
