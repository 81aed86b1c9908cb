/**
 * The URL with its password replaced by `***`, for messages and `storage status`. Text that is not a URL
 * comes back as `[unparsable url]`, so a malformed secret never reaches output whole.
 */
export function redactPostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    for (const key of [...parsed.searchParams.keys()])
      if (/pass|secret|key/i.test(key)) parsed.searchParams.set(key, "***");
    return parsed.toString();
  } catch {
    return "[unparsable url]";
  }
}
