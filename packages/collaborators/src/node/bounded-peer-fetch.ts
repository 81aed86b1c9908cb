import { HttpKitError, parseJsonText, readBodyBytes } from "@mono-agent/http-kit";
import { CollaboratorError } from "../collaborator-error.js";

/** Options of {@link boundedPeerFetch}. */
export interface BoundedPeerFetchOptions {
  /** The collaborator's name, for messages. */
  name: string;
  /** The only origin requests may go to (the card URL's). */
  origin: string;
  bearer?: string;
  maxBytes: number;
  maxDepth: number;
  fetchImpl?: typeof fetch;
}

/** A fetch for one collaborator, and the first bound an answer broke (the SDK wraps what fetch throws). */
export interface BoundedPeerFetch {
  fetch: typeof fetch;
  /** The first violation seen, so the caller reports it whatever error the SDK made of it. */
  violation(): CollaboratorError | undefined;
}

function requestUrl(input: Parameters<typeof fetch>[0]): URL {
  return new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
}

/**
 * The fetch every call to a collaborator goes through: only to `origin` (a card that points elsewhere
 * gets no bearer and no request), no redirects, the bearer added, and answers bounded: a JSON body is
 * read up to `maxBytes` and depth-checked before the SDK parses it; an event stream is cut at
 * `maxBytes` in all and each `data:` line is depth-checked.
 */
export function boundedPeerFetch(options: BoundedPeerFetchOptions): BoundedPeerFetch {
  let violation: CollaboratorError | undefined;
  const fail = (error: CollaboratorError): CollaboratorError => {
    violation ??= error;
    return error;
  };
  const tooLarge = () =>
    fail(
      new CollaboratorError(
        "answer_too_large",
        `collaborator "${options.name}" answered more than ${options.maxBytes} bytes; raise collaborators.${options.name}.maxAnswerBytes if the answer is expected to be that large`,
      ),
    );
  const checkDepth = (text: string) => {
    try {
      parseJsonText(text, { maxDepth: options.maxDepth, requireObject: false });
    } catch (error) {
      if (HttpKitError.isInstance(error) && error.code === "body_too_deep")
        throw fail(
          new CollaboratorError(
            "answer_too_deep",
            `collaborator "${options.name}" answered JSON nested deeper than ${options.maxDepth} levels; such an answer is refused`,
          ),
        );
      throw fail(
        new CollaboratorError(
          "answer_malformed",
          `collaborator "${options.name}" answered something that is not JSON`,
        ),
      );
    }
  };
  const boundedFetch: typeof fetch = async (input, init) => {
    const url = requestUrl(input);
    if (url.origin !== options.origin)
      throw fail(
        new CollaboratorError(
          "card_unavailable",
          `collaborator "${options.name}" points at ${url.origin}, outside its card's origin ${options.origin}; only endpoints on the card's origin are called`,
        ),
      );
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (options.bearer !== undefined) headers.set("authorization", `Bearer ${options.bearer}`);
    const response = await (options.fetchImpl ?? fetch)(input instanceof Request ? input : url, {
      ...init,
      headers,
      redirect: "manual",
    });
    if (response.status >= 300 && response.status < 400)
      throw fail(
        new CollaboratorError(
          "peer_unreachable",
          `collaborator "${options.name}" answered a redirect (${response.status}); redirects are not followed: set cardUrl to the final URL`,
        ),
      );
    if (response.status === 401 || response.status === 403)
      throw fail(
        new CollaboratorError(
          "peer_unreachable",
          `collaborator "${options.name}" refused the call (${response.status}); check the bearer named by collaborators.${options.name}.bearer`,
        ),
      );
    if ((response.headers.get("content-type") ?? "").includes("text/event-stream") && response.body)
      return new Response(boundedEventStream(response.body, options.maxBytes, tooLarge, checkDepth), {
        status: response.status,
        headers: response.headers,
      });
    let bytes: Uint8Array;
    try {
      bytes = await readBodyBytes(response as unknown as Request, { maxBytes: options.maxBytes });
    } catch (error) {
      if (HttpKitError.isInstance(error) && error.code === "body_too_large") throw tooLarge();
      throw error;
    }
    const text = new TextDecoder().decode(bytes);
    if (text.trim() !== "" && (response.headers.get("content-type") ?? "").includes("json")) checkDepth(text);
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return { fetch: boundedFetch, violation: () => violation };
}

function boundedEventStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: () => CollaboratorError,
  checkDepth: (text: string) => void,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let size = 0;
  let pending = "";
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) throw tooLarge();
        pending += decoder.decode(chunk, { stream: true });
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) if (line.startsWith("data:")) checkDepth(line.slice(5));
        controller.enqueue(chunk);
      },
    }),
  );
}
