import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { bearerToken } from "@mono-agent/http-kit";

/** Random bytes of a generated operator token: 256 bits, base64url (43 characters). */
export const OPERATOR_TOKEN_BYTES = 32;

/** A fresh random operator token. */
export function generateOperatorToken(): string {
  return randomBytes(OPERATOR_TOKEN_BYTES).toString("base64url");
}

/** How a request proved it holds the token: the bearer header, the session cookie, or not at all. */
export type OperatorProof = "bearer" | "cookie" | undefined;

/** Checks requests against the operator token in constant time (over SHA-256 digests). */
export interface OperatorAuth {
  /** Name of the session cookie: per port, so two consoles on one host do not clobber each other. */
  readonly cookieName: string;
  /** How the request whose headers `header` reads proved the token. */
  check(header: (name: string) => string | undefined): OperatorProof;
  /** The `Set-Cookie` value that lets pages and the event stream through for this browser session. */
  sessionCookie(secure: boolean): string;
}

export function createOperatorAuth(token: string, port: number): OperatorAuth {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  const expected = digest(token);
  const matches = (value: string | undefined) =>
    value !== undefined && timingSafeEqual(digest(value), expected);
  const cookieName = `mono_agent_web_${port}`;
  return {
    cookieName,
    check(header) {
      const bearer = bearerToken(header("authorization"));
      if (bearer !== undefined && matches(bearer)) return "bearer";
      for (const part of (header("cookie") ?? "").split(";")) {
        const [name, ...rest] = part.trim().split("=");
        if (name === cookieName && matches(rest.join("="))) return "cookie";
      }
      return undefined;
    },
    sessionCookie: (secure) =>
      `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`,
  };
}
