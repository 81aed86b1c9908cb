import type { IncomingMessage, ServerResponse } from "node:http";

/** Headers on every bridge response: nothing is cached, nothing is sniffed. */
const RESPONSE_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
} as const;

/** Writes a JSON response once (later calls are ignored). */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, RESPONSE_HEADERS).end(JSON.stringify(body));
}

/** Writes `{ error: { code, message } }`. */
export function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  sendJson(response, status, { error: { code, message } });
}

/** The bearer token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
  return match?.[1];
}

/** A request body read whole, or why not. */
export type BodyOutcome = { ok: true; text: string } | { ok: false; reason: "too_large" | "aborted" };

/** Reads the body up to `maxBytes`; stops reading (and reports `too_large`) as soon as it is exceeded. */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<BodyOutcome> {
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes)
    return Promise.resolve({ ok: false, reason: "too_large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: BodyOutcome) => {
      request.removeAllListeners("data");
      resolve(outcome);
    };
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        request.pause();
        finish({ ok: false, reason: "too_large" });
      } else chunks.push(chunk);
    });
    request.on("end", () => finish({ ok: true, text: Buffer.concat(chunks).toString("utf8") }));
    request.on("aborted", () => finish({ ok: false, reason: "aborted" }));
    request.on("error", () => finish({ ok: false, reason: "aborted" }));
  });
}
