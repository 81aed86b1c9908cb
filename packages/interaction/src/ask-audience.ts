import type { AnsweredBy, AskKind } from "./ask-types.js";

/**
 * Who may answer one ask, fixed when it opens and stored with it: `anyone` who can reach its
 * conversation (a member of the Slack channel, anyone in the Telegram chat), or only `people` (person
 * ids, see {@link personId}). `asker` is the person whose message started the run, when one did.
 */
export type AskAudience =
  | { anyone: true }
  | {
      anyone: false;
      /** Person ids that may answer; empty = no one (the ask fails closed). */
      people: string[];
      /** The asker's person id, when the asker is among `people` (for the refusal text). */
      asker?: string;
    };

/**
 * `interaction.answerers` after defaults: who answers asks (`asker`, `anyone` in the chat, or a list of
 * person ids where `asker` stands for the person who started the run), who decides approvals besides
 * the asker (`approvers`), and whether the asker decides approvals too.
 */
export interface AnswerersRules {
  asks: "asker" | "anyone" | readonly string[];
  approvers: readonly string[];
  askerApproves: boolean;
}

/** The rules when nothing is configured: asks and approvals go to the asker only. */
export const DEFAULT_ANSWERERS: AnswerersRules = { asks: "asker", approvers: [], askerApproves: true };

/**
 * A person's id as the answerer rules name it: `<channel>:<userId>` (`slack:U0123ABCD`, `telegram:4242`),
 * or the channel alone where the channel has one person (`web`: the web console's operator, `cli`: the
 * person at the terminal).
 */
export function personId(person: Pick<AnsweredBy, "channel" | "userId">): string {
  return person.userId === undefined ? person.channel : `${person.channel}:${person.userId}`;
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * The audience of an ask under `rules`. Approvals go to the asker (unless `askerApproves` is false) and
 * the approvers, never to anyone in the chat. Questions, forms and links follow `asks`. A run no person
 * started (`startedBy` undefined: a trigger, an A2A call) has no asker: `asker` then stands for the
 * approvers, so its asks go to them or, without any, to no one.
 */
export function askAudience(rules: AnswerersRules, kind: AskKind, startedBy?: AnsweredBy): AskAudience {
  const asker = startedBy === undefined ? undefined : personId(startedBy);
  if (kind === "approval") {
    const askerDecides = rules.askerApproves && asker !== undefined;
    return {
      anyone: false,
      people: unique([...(askerDecides ? [asker] : []), ...rules.approvers]),
      ...(askerDecides ? { asker } : {}),
    };
  }
  if (rules.asks === "anyone") return { anyone: true };
  const named = rules.asks === "asker" ? ["asker"] : rules.asks;
  const people = named.flatMap((entry) =>
    entry === "asker" ? (asker === undefined ? [...rules.approvers] : [asker]) : [entry],
  );
  const askerListed = asker !== undefined && named.includes("asker");
  return { anyone: false, people: unique(people), ...(askerListed ? { asker } : {}) };
}

/**
 * Whether `person` may answer an ask of `audience` (an ask stored without one: anyone may). An id without
 * a user (`web`, `cli`) names the one person of that channel, whatever user name the channel records.
 */
export function mayAnswer(audience: AskAudience | undefined, person: AnsweredBy): boolean {
  if (audience === undefined || audience.anyone) return true;
  return audience.people.some((id) => id === personId(person) || id === person.channel);
}

/** Whether someone of `audience` can be reached through the channel `channelId` (`web`, `slack`, ...). */
export function audienceReaches(audience: AskAudience | undefined, channelId: string): boolean {
  if (audience === undefined || audience.anyone) return true;
  return audience.people.some((id) => id === channelId || id.startsWith(`${channelId}:`));
}

/** What a refused person is told: whose ask it is, never the ids of the others. */
export function refusalReason(audience: AskAudience, kind: AskKind): string {
  const what = kind === "approval" ? "decide this approval" : "answer this question";
  if (audience.anyone) return `You may ${what}.`;
  const others = audience.people.filter((id) => id !== audience.asker).length > 0;
  if (audience.asker !== undefined)
    return others
      ? `Only the person who asked or a configured approver may ${what}; your answer was not taken.`
      : `Only the person who asked may ${what}; your answer was not taken.`;
  return `Only a configured approver may ${what}; your answer was not taken.`;
}
