/// <reference lib="dom" />
// Browser module: talks to the console's API with the operator token from sessionStorage.

const TOKEN_STORAGE_KEY = "mono-agent-token";

/** An API answer that was not 2xx, with the server's error code and message. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** JSON request to the console API; the bearer token when this tab has it, the console header always. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { "x-mono-agent-console": "1" };
  const token = sessionStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) headers["authorization"] = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : {};
  if (!response.ok) {
    const error = (parsed as { error?: { code?: string; message?: string } }).error;
    throw new ConsoleApiError(response.status, error?.code ?? "error", error?.message ?? response.statusText);
  }
  return parsed as T;
}
