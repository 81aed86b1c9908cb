import type { AgentCard } from "@a2a-js/sdk";
import {
  type Client,
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
} from "@a2a-js/sdk/client";
import { CollaboratorError } from "../collaborator-error.js";
import type { CollaboratorPeer } from "../collaborator-peer.js";
import { type BoundedPeerFetch, boundedPeerFetch } from "./bounded-peer-fetch.js";

/** A collaborator's card and an SDK client bound to it (only its JSON-RPC endpoints on the card's origin). */
export interface CollaboratorConnection {
  readonly card: AgentCard;
  readonly client: Client;
  /** The bounded fetch the card and every call went through (its first bound violation). */
  readonly fetch: BoundedPeerFetch;
}

/** Characters of a peer-supplied error text kept in a message. */
const PEER_ERROR_MAX_CHARS = 300;

/** A short, single-line form of an error from the SDK or the network (peer text is untrusted: cut, no controls). */
export function peerErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, " ")
    .slice(0, PEER_ERROR_MAX_CHARS);
}

/**
 * Fetches a collaborator's agent card (bounded, on its origin only) and builds a JSON-RPC client over
 * the card's JSON-RPC interfaces on that same origin. A card that declares none there is
 * `card_unavailable`: a card never sends the bearer to another host.
 */
export async function connectCollaborator(
  peer: CollaboratorPeer,
  options: { fetchImpl?: typeof fetch } = {},
): Promise<CollaboratorConnection> {
  let origin: string;
  try {
    origin = new URL(peer.cardUrl).origin;
  } catch (error) {
    throw new CollaboratorError("card_unavailable", `collaborator "${peer.name}" has no valid cardUrl`, {
      cause: error,
    });
  }
  const bounded = boundedPeerFetch({
    name: peer.name,
    origin,
    ...(peer.bearer !== undefined ? { bearer: peer.bearer } : {}),
    maxBytes: peer.maxAnswerBytes,
    maxDepth: peer.maxAnswerDepth,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
  let card: AgentCard;
  try {
    card = await new DefaultAgentCardResolver({ fetchImpl: bounded.fetch }).resolve(peer.cardUrl, "");
  } catch (error) {
    throw (
      bounded.violation() ??
      new CollaboratorError(
        "card_unavailable",
        `collaborator "${peer.name}": its agent card at ${peer.cardUrl} could not be read (${peerErrorText(error)}); check cardUrl and that the agent is up`,
        { cause: error },
      )
    );
  }
  const interfaces = (Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : []).filter(
    (entry) => {
      try {
        return entry.protocolBinding === "JSONRPC" && new URL(entry.url).origin === origin;
      } catch {
        return false;
      }
    },
  );
  if (interfaces.length === 0)
    throw new CollaboratorError(
      "card_unavailable",
      `collaborator "${peer.name}": its agent card declares no JSON-RPC endpoint on ${origin}; only endpoints on the card's own origin are called`,
    );
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl: bounded.fetch })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl: bounded.fetch }),
  });
  const client = await factory.createFromAgentCard({ ...card, supportedInterfaces: interfaces });
  return { card, client, fetch: bounded };
}
