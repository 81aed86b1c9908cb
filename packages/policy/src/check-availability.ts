import type { ToolAvailabilityContext } from "./tool-availability-context.js";
import type { ToolCatalogEntry } from "./tool-catalog.js";

/**
 * Why a tool cannot be offered apart from policy:
 * - `disabled_by_switch`: an operator switch is off (memory block absent, recallTool/rememberTool
 *   disabled, adapter config absent);
 * - `unavailable`: the host or store cannot serve it this run (capability missing, read-only store,
 *   title not writable, not composed, or a host-supplied reason).
 */
export type AvailabilityRefusal = { reason: "disabled_by_switch" | "unavailable"; detail: string };

function switchOff(detail: string): AvailabilityRefusal {
  return { reason: "disabled_by_switch", detail };
}

function unavailable(detail: string): AvailabilityRefusal {
  return { reason: "unavailable", detail };
}

function checkMemoryTool(name: string, context: ToolAvailabilityContext | undefined) {
  const memory = context?.memory;
  if (memory?.configured !== true) return switchOff(`${name} needs a configured memory block.`);
  if (name === "Remember") {
    if (memory.rememberEnabled === false)
      return switchOff("Remember is off: memory.rememberTool.enabled is false.");
    if (memory.supportsRemember !== true)
      return unavailable("The memory store does not accept durable writes.");
    if (memory.readOnly === true) return unavailable("The memory store is read-only.");
    return undefined;
  }
  if (memory.recallEnabled !== true)
    return switchOff(`${name} is off: memory.recallTool.enabled is not true.`);
  if (name === "MemoryJournal" && memory.supportsJournalBrowse !== true) {
    return unavailable(
      "The memory store has no local journal browse capability (Lite, Journal and BuJo have it).",
    );
  }
  return undefined;
}

function checkAdapterTool(name: string, context: ToolAvailabilityContext | undefined) {
  const adapters = context?.adapters;
  const slack = adapters?.slack === true;
  const telegram = adapters?.telegram === true;
  if (name === "SlackSendMessage")
    return slack ? undefined : switchOff("SlackSendMessage needs valid slack.* config.");
  if (name === "AskUser") {
    const askUser = adapters?.askUser ?? (slack || telegram);
    return askUser === true
      ? undefined
      : switchOff("AskUser needs a configured adapter that can ask the user.");
  }
  return telegram ? undefined : switchOff(`${name} needs valid telegram.* config.`);
}

/** The availability verdict for one catalog tool, ignoring the allow/deny policy. */
export function checkAvailability(
  entry: ToolCatalogEntry,
  context: ToolAvailabilityContext | undefined,
): AvailabilityRefusal | undefined {
  let refusal: AvailabilityRefusal | undefined;
  if (["MemoryRecall", "MemoryJournal", "Remember"].includes(entry.name)) {
    refusal = checkMemoryTool(entry.name, context);
  } else if (entry.kind === "adapter") {
    refusal = checkAdapterTool(entry.name, context);
  } else if (entry.name === "SetConversationTitle" && context?.conversation?.titleWritable !== true) {
    refusal = unavailable(
      "SetConversationTitle is offered only on an interactive web:<threadId> turn with a writable title.",
    );
  } else if (entry.name === "AskCollaborator" && context?.collaborator?.composed !== true) {
    refusal = unavailable("AskCollaborator is not composed into this agent.");
  }
  if (refusal !== undefined) return refusal;
  const hostReasons = context?.unavailable;
  const hostReason =
    hostReasons != null && Object.hasOwn(hostReasons, entry.name) ? hostReasons[entry.name] : undefined;
  return typeof hostReason === "string" ? unavailable(hostReason) : undefined;
}
