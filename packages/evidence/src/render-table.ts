/**
 * A plain-text table for a terminal: a header row and rows, columns padded to their widest cell and
 * separated by two spaces; the last column is not padded, and trailing spaces are trimmed.
 */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${[format(header), ...rows.map(format)].join("\n")}\n`;
}
