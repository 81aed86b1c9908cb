/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The console in the browser: thread list, thread view, live events. Plain DOM, no framework.
import type { AskAnswer, AskRecord } from "@mono-agent/interaction";
import type { WebRunEvent } from "../web-event-hub.js";
import type { WebDeliveryView } from "../web-features.js";
import type { WebThread, WebTurn } from "../web-thread-types.js";
import { api, ConsoleApiError } from "./console-api.js";
import { createPendingFiles } from "./pending-files.js";
import { renderAsk } from "./render-ask.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderPage } from "./render-pages.js";
import { element, renderDelivery, renderTurn } from "./render-turn.js";

type ThreadView = WebThread & { running: boolean };
type ConsoleEvent =
  | { type: "threads" }
  | { type: "thread"; threadId: string }
  | { type: "run"; threadId: string; turnId: string; event: WebRunEvent };

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = {
  threads: byId<HTMLElement>("threads"),
  toggleThreads: byId<HTMLButtonElement>("toggle-threads"),
  threadList: byId<HTMLUListElement>("thread-list"),
  archived: byId<HTMLDetailsElement>("archived"),
  archivedList: byId<HTMLUListElement>("archived-list"),
  newThread: byId<HTMLButtonElement>("new-thread"),
  pages: byId<HTMLElement>("pages"),
  emptyView: byId<HTMLElement>("empty-view"),
  threadView: byId<HTMLElement>("thread-view"),
  pageView: byId<HTMLElement>("page-view"),
  title: byId<HTMLHeadingElement>("thread-title"),
  rename: byId<HTMLButtonElement>("rename"),
  archive: byId<HTMLButtonElement>("archive"),
  renameForm: byId<HTMLFormElement>("rename-form"),
  renameInput: byId<HTMLInputElement>("rename-input"),
  renameCancel: byId<HTMLButtonElement>("rename-cancel"),
  turns: byId<HTMLOListElement>("turns"),
  composer: byId<HTMLFormElement>("composer"),
  message: byId<HTMLTextAreaElement>("message"),
  attach: byId<HTMLInputElement>("attach"),
  attached: byId<HTMLUListElement>("attached"),
  send: byId<HTMLButtonElement>("send"),
  cancel: byId<HTMLButtonElement>("cancel"),
  status: byId<HTMLParagraphElement>("status"),
};

type ThreadPayload = {
  thread: ThreadView;
  turns: WebTurn[];
  deliveries: WebDeliveryView[];
  asks?: AskRecord[];
};
let openThread: ThreadPayload | undefined;
let openThreadId: string | undefined;

function say(text: string, isError = false): void {
  ui.status.textContent = text;
  ui.status.classList.toggle("error", isError);
}

/** Files picked for the next message. */
const pendingFiles = createPendingFiles({ list: ui.attached, say, focus: () => ui.message.focus() });

function fail(error: unknown): void {
  if (error instanceof ConsoleApiError && error.status === 401) {
    say("The session ended: open the URL printed by mono-agent serve again.", true);
    return;
  }
  say(error instanceof Error ? error.message : String(error), true);
}

function threadLink(thread: ThreadView): HTMLLIElement {
  const item = element("li");
  const link = element("a");
  link.href = `/t/${thread.threadId}`;
  link.dataset["threadId"] = thread.threadId;
  link.title = thread.title;
  if (thread.running) link.append(element("span", "running", "● "));
  link.append(document.createTextNode(thread.title));
  if (thread.threadId === openThreadId) link.setAttribute("aria-current", "page");
  item.append(link);
  return item;
}

async function loadThreadList(): Promise<void> {
  const { threads } = await api<{ threads: ThreadView[] }>("GET", "/api/threads");
  ui.threadList.replaceChildren(...threads.map(threadLink));
  if (ui.archived.open) {
    const archived = await api<{ threads: ThreadView[] }>("GET", "/api/threads?archived=1");
    ui.archivedList.replaceChildren(...archived.threads.map(threadLink));
  }
}

/** Open disclosures by key, so a re-render keeps what the person expanded. */
function openDisclosures(): Set<string> {
  const keys = new Set<string>();
  for (const details of ui.turns.querySelectorAll<HTMLDetailsElement>("details[data-key]"))
    if (details.open) keys.add(details.dataset["key"] ?? "");
  return keys;
}

function restoreDisclosures(root: HTMLElement, keys: Set<string>): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>("details[data-key]"))
    if (keys.has(details.dataset["key"] ?? "")) details.open = true;
}

function renderThread(): void {
  if (!openThread) return;
  const { thread, turns, deliveries, asks = [] } = openThread;
  ui.title.textContent = thread.title;
  document.title = `${thread.title} · mono-agent`;
  const keys = openDisclosures();
  const atBottom = followsStream();
  ui.turns.replaceChildren(...timeline(turns, deliveries, asks));
  restoreDisclosures(ui.turns, keys);
  if (atBottom) ui.turns.scrollTop = ui.turns.scrollHeight;
  ui.archive.hidden = thread.archived;
  ui.message.disabled = thread.archived;
  ui.attach.disabled = thread.archived;
  ui.message.placeholder = thread.archived
    ? "This thread is archived: read only."
    : "Message: Enter sends, Shift+Enter adds a line";
  ui.send.disabled = thread.archived || thread.running;
  ui.cancel.hidden = !thread.running;
}

/** Turns and delivered results in the order they happened: a result follows the turns that began before it. */
function timeline(turns: WebTurn[], deliveries: WebDeliveryView[], asks: AskRecord[]): HTMLLIElement[] {
  const items: { at: number; order: number; node: HTMLLIElement }[] = [];
  for (const turn of turns) items.push({ at: turn.startedAtMs, order: 0, node: renderTurn(turn) });
  for (const delivery of deliveries)
    items.push({ at: delivery.deliveredAtMs, order: 1, node: renderDelivery(delivery) });
  for (const ask of asks) items.push({ at: ask.createdAt, order: 2, node: renderAsk(ask, sendAnswer) });
  return items.sort((a, b) => a.at - b.at || a.order - b.order).map((item) => item.node);
}

/** Sends a person's answer to an ask card; the thread refreshes when the ask settles. */
function sendAnswer(askId: string, answer: AskAnswer): void {
  const threadId = openThreadId;
  if (!threadId) return;
  void api("POST", `/api/threads/${threadId}/asks/${askId}`, { answer })
    .then(() => loadThread(threadId))
    .catch(fail);
}

function replaceTurn(turn: WebTurn): void {
  const old = ui.turns.querySelector<HTMLLIElement>(`li[data-turn-id="${turn.turnId}"]`);
  if (!old) return;
  const keys = openDisclosures();
  const fresh = renderTurn(turn);
  restoreDisclosures(fresh, keys);
  old.replaceWith(fresh);
}

let loadingThread: Promise<void> | undefined;
let reloadAgain = false;

/**
 * Loads the open thread and renders it. A call while a load is in flight asks for one more load, of
 * whichever thread is open by then: a person switching threads mid-load gets the thread they opened.
 */
async function loadThread(threadId: string): Promise<void> {
  if (threadId !== openThreadId) return;
  if (loadingThread) {
    reloadAgain = true;
    return loadingThread;
  }
  loadingThread = (async () => {
    do {
      reloadAgain = false;
      const wanted: string | undefined = openThreadId;
      if (!wanted) return;
      const view = await api<ThreadPayload>("GET", `/api/threads/${wanted}`);
      if (openThreadId === wanted) {
        openThread = view;
        renderThread();
      }
    } while (reloadAgain);
  })().finally(() => {
    loadingThread = undefined;
  });
  return loadingThread;
}

function showView(view: "empty" | "thread" | "page"): void {
  ui.emptyView.hidden = view !== "empty";
  ui.threadView.hidden = view !== "thread";
  ui.pageView.hidden = view !== "page";
  ui.threads.classList.remove("open");
  ui.toggleThreads.setAttribute("aria-expanded", "false");
}

async function route(): Promise<void> {
  const path = location.pathname;
  const thread = /^\/t\/([A-Za-z0-9_-]+)$/.exec(path)?.[1];
  openThreadId = thread;
  openThread = undefined;
  pendingFiles.clear();
  ui.renameForm.hidden = true;
  for (const link of ui.threads.querySelectorAll("a[data-thread-id]"))
    link.toggleAttribute("aria-current", (link as HTMLElement).dataset["threadId"] === thread);
  if (thread) {
    showView("thread");
    ui.turns.replaceChildren();
    ui.title.textContent = "";
    await loadThread(thread);
    ui.message.focus();
  } else if (path === "/runs" || path === "/memory") {
    showView("page");
    await renderPage(path === "/runs" ? "runs" : "memory", ui.pageView);
  } else {
    showView("empty");
    document.title = "mono-agent";
  }
}

function navigate(path: string): void {
  history.pushState(null, "", path);
  void route().catch(fail);
}

/** Whether the thread view shows its end: streamed text keeps it there until the person scrolls up. */
function followsStream(): boolean {
  return ui.turns.scrollHeight - ui.turns.scrollTop - ui.turns.clientHeight < FOLLOW_MARGIN_PX;
}

/** How close to the end, in CSS pixels, still counts as "at the end" (about two lines of text). */
const FOLLOW_MARGIN_PX = 48;

const pendingAnswers = new Map<string, WebTurn>();

/** Re-renders streamed answers once per frame (Markdown is parsed whole), following the end if it was shown. */
function scheduleAnswerRender(turnId: string, turn: WebTurn): void {
  if (pendingAnswers.size === 0) requestAnimationFrame(renderPendingAnswers);
  pendingAnswers.set(turnId, turn);
}

function renderPendingAnswers(): void {
  const follow = followsStream();
  for (const [turnId, turn] of pendingAnswers) {
    const answer = ui.turns.querySelector<HTMLElement>(`li[data-turn-id="${turnId}"] [data-role=assistant]`);
    if (!answer) continue;
    answer.hidden = false;
    renderMarkdown(answer, turn.assistantText);
  }
  pendingAnswers.clear();
  if (follow) ui.turns.scrollTop = ui.turns.scrollHeight;
}

function applyRunEvent(turnId: string, event: WebRunEvent): void {
  const turn = openThread?.turns.find((candidate) => candidate.turnId === turnId);
  if (!openThread || !turn) {
    if (openThreadId) void loadThread(openThreadId).catch(fail);
    return;
  }
  switch (event.type) {
    case "text_delta": {
      if (event.offset > turn.assistantText.length) {
        void loadThread(openThread.thread.threadId).catch(fail);
        return;
      }
      turn.assistantText = turn.assistantText.slice(0, event.offset) + event.text;
      scheduleAnswerRender(turnId, turn);
      return;
    }
    case "tool_started":
      turn.toolCalls.push({
        toolCallId: event.toolCallId,
        name: event.name,
        arguments: event.arguments,
        status: "running",
        resultPreview: null,
        progress: null,
        note: null,
        durationMs: null,
      });
      break;
    case "tool_progress": {
      const call = turn.toolCalls.find((candidate) => candidate.toolCallId === event.toolCallId);
      if (call) call.progress = event.message;
      break;
    }
    case "tool_finished": {
      const call = turn.toolCalls.find((candidate) => candidate.toolCallId === event.toolCallId);
      if (call) {
        call.status = event.isError ? "error" : "ok";
        call.durationMs = event.durationMs;
        call.resultPreview = event.preview;
      }
      break;
    }
    case "run_finished":
    case "ask":
      void loadThread(openThread.thread.threadId).catch(fail);
      return;
    default:
      return;
  }
  replaceTurn(turn);
}

function onConsoleEvent(event: ConsoleEvent): void {
  if (event.type === "threads") void loadThreadList().catch(fail);
  else if (event.type === "thread" && event.threadId === openThreadId)
    void loadThread(event.threadId).catch(fail);
  else if (event.type === "run" && event.threadId === openThreadId) applyRunEvent(event.turnId, event.event);
}

function connectEvents(): void {
  const source = new EventSource("/api/events");
  source.onmessage = (message) => onConsoleEvent(JSON.parse(message.data as string) as ConsoleEvent);
  source.onopen = () => {
    void loadThreadList().catch(fail);
    if (openThreadId) void loadThread(openThreadId).catch(fail);
  };
}

async function sendMessage(): Promise<void> {
  const text = ui.message.value;
  if (!openThreadId || text.trim() === "" || ui.send.disabled) return;
  ui.send.disabled = true;
  try {
    const attachments = await pendingFiles.encoded();
    await api("POST", `/api/threads/${openThreadId}/messages`, {
      text,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
    ui.message.value = "";
    pendingFiles.clear();
    say("");
    await loadThread(openThreadId);
  } catch (error) {
    ui.send.disabled = false;
    fail(error);
  }
}

function wireEvents(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as HTMLElement).closest("a");
    if (!link || link.origin !== location.origin || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    navigate(link.pathname);
  });
  window.addEventListener("popstate", () => void route().catch(fail));
  ui.toggleThreads.addEventListener("click", () => {
    const open = ui.threads.classList.toggle("open");
    ui.toggleThreads.setAttribute("aria-expanded", String(open));
  });
  ui.newThread.addEventListener("click", async () => {
    try {
      const { thread } = await api<{ thread: ThreadView }>("POST", "/api/threads", {});
      await loadThreadList();
      navigate(`/t/${thread.threadId}`);
    } catch (error) {
      fail(error);
    }
  });
  ui.archived.addEventListener("toggle", () => void loadThreadList().catch(fail));
  ui.attach.addEventListener("change", () => {
    pendingFiles.add([...(ui.attach.files ?? [])]);
    ui.attach.value = "";
  });
  ui.composer.addEventListener("submit", (event) => {
    event.preventDefault();
    void sendMessage();
  });
  ui.message.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void sendMessage();
    } else if (event.key === "Escape" && openThread?.thread.running) ui.cancel.click();
  });
  ui.cancel.addEventListener("click", async () => {
    if (!openThreadId) return;
    await api("POST", `/api/threads/${openThreadId}/cancel`).catch(fail);
  });
  ui.rename.addEventListener("click", () => {
    ui.renameForm.hidden = false;
    ui.renameInput.value = openThread?.thread.title ?? "";
    ui.renameInput.focus();
    ui.renameInput.select();
  });
  ui.renameCancel.addEventListener("click", () => {
    ui.renameForm.hidden = true;
    ui.rename.focus();
  });
  ui.renameInput.addEventListener("keydown", (event) => {
    if (event.key === "Escape") ui.renameCancel.click();
  });
  ui.renameForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!openThreadId) return;
    try {
      await api("PATCH", `/api/threads/${openThreadId}`, { title: ui.renameInput.value });
      ui.renameForm.hidden = true;
      say("Renamed. The agent will not change this title.");
      await loadThread(openThreadId);
    } catch (error) {
      fail(error);
    }
  });
  ui.archive.addEventListener("click", async () => {
    if (!openThreadId) return;
    try {
      await api("POST", `/api/threads/${openThreadId}/archive`);
      say("Archived.");
      navigate("/");
    } catch (error) {
      fail(error);
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey && (event.key === "n" || event.key === "N")) {
      event.preventDefault();
      ui.newThread.click();
    }
  });
}

async function showOptionalPages(): Promise<void> {
  const features = await api<{ runs: boolean; memory: boolean }>("GET", "/api/features");
  const links: HTMLAnchorElement[] = [];
  for (const [name, label] of [
    ["runs", "Runs"],
    ["memory", "Memory"],
  ] as const) {
    if (!features[name]) continue;
    const link = element("a", undefined, label);
    link.href = `/${name}`;
    links.push(link);
  }
  ui.pages.replaceChildren(...links);
}

sessionStorage.removeItem("mono-agent-auth-tried");
wireEvents();
// Set once every handler is in place: scripts and tests that drive the page wait for it before typing.
document.documentElement.dataset["consoleReady"] = "true";
connectEvents();
void showOptionalPages().catch(fail);
void route().catch(fail);
