import { readFileSync } from "node:fs";

/**
 * Every name an entry file declares as exported, values and types, sorted: the names of
 * `export { a, type B } from`, `export type { C }` and `export function|const|class|type|interface|enum D`.
 * An `export *` is refused: an entry lists its names so that a review sees each one.
 */
export function exportedNames(entryFile: string): string[] {
  const source = readFileSync(entryFile, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "");
  if (/export \*/.test(source)) throw new Error(`${entryFile} uses export *; list the names instead`);
  const names: string[] = [];
  for (const [, list] of source.matchAll(/export (?:type )?\{([^}]*)\}/g)) {
    for (const item of list!.split(",")) {
      const name = item
        .trim()
        .replace(/^type\s+/, "")
        .replace(/^.*\sas\s+/, "");
      if (name) names.push(name);
    }
  }
  for (const [, name] of source.matchAll(
    /export (?:declare )?(?:async )?(?:function\*?|const|let|class|abstract class|type|interface|enum) ([A-Za-z_$][\w$]*)/g,
  ))
    names.push(name!);
  return [...new Set(names)].sort();
}
