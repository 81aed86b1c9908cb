import * as z from "zod";

/** An absolute http:// or https:// URL. */
export const httpUrlSchema = z.url({
  protocol: /^https?$/,
  error: "expected an absolute http:// or https:// URL",
});
