/** `value` with `redact` applied to every string in it (objects and arrays copied, nothing else changed). */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact)) as T;
  if (typeof value === "object" && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = redactStrings(item, redact);
    return copy as T;
  }
  return value;
}
