/// <reference lib="dom" />
// Browser module: the files picked for the next message, shown under the message box until sent.
import { element, size } from "./render-turn.js";

/** Limits the server enforces (web-attachments.ts), checked here first to say so before uploading. */
const ATTACHMENTS_MAX = 8;
const ATTACHMENT_MAX_BYTES = 10_000_000;
const ATTACHMENTS_TOTAL_MAX_BYTES = 20_000_000;

/** The files of the next message. */
export interface PendingFiles {
  /** Adds picked files, unless that would pass a limit (then `say` tells why and nothing is added). */
  add(files: readonly File[]): void;
  clear(): void;
  /** The files as the messages API takes them: `{ name, data }` with `data` in base64. */
  encoded(): Promise<{ name: string; data: string }[]>;
}

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

function limitProblem(files: readonly File[]): string | undefined {
  const tooBig = files.find((file) => file.size > ATTACHMENT_MAX_BYTES);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length > ATTACHMENTS_MAX) return `At most ${ATTACHMENTS_MAX} files go with one message.`;
  if (tooBig)
    return `${tooBig.name} is ${size(tooBig.size)}; one file may be at most ${size(ATTACHMENT_MAX_BYTES)}.`;
  if (total > ATTACHMENTS_TOTAL_MAX_BYTES)
    return `The files add up to ${size(total)}; at most ${size(ATTACHMENTS_TOTAL_MAX_BYTES)} go with one message.`;
  return undefined;
}

/** Keeps the picked files in `list` (each with a × to drop it); `say` shows a problem, `focus` returns focus. */
export function createPendingFiles(options: {
  list: HTMLUListElement;
  say: (text: string, isError?: boolean) => void;
  focus: () => void;
}): PendingFiles {
  let files: File[] = [];
  const render = () => {
    options.list.hidden = files.length === 0;
    options.list.replaceChildren(
      ...files.map((file, index) => {
        const item = element("li", undefined, `${file.name} (${size(file.size)}) `);
        const remove = element("button", "remove-file", "×");
        remove.type = "button";
        remove.setAttribute("aria-label", `Remove ${file.name}`);
        remove.addEventListener("click", () => {
          files.splice(index, 1);
          render();
          options.focus();
        });
        item.append(remove);
        return item;
      }),
    );
  };
  return {
    add(picked) {
      const next = [...files, ...picked];
      const problem = limitProblem(next);
      if (problem) options.say(problem, true);
      else {
        files = next;
        options.say("");
      }
      render();
    },
    clear() {
      files = [];
      render();
    },
    encoded: () => Promise.all(files.map(async (file) => ({ name: file.name, data: await base64Of(file) }))),
  };
}
