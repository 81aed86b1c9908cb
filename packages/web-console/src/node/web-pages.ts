import { createHash } from "node:crypto";

/** sessionStorage key of the operator token in the browser (never localStorage: it ends with the tab). */
export const TOKEN_STORAGE_KEY = "mono-agent-token";

/** The console page: a static skeleton that /assets/app.js fills in. No inline script, no remote asset. */
export const CONSOLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mono-agent</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/app.css">
<script type="module" src="/assets/app.js"></script>
</head>
<body>
<header class="bar">
  <button id="toggle-threads" type="button" aria-controls="threads" aria-expanded="false">Threads</button>
  <a class="brand" href="/">mono-agent</a>
  <nav id="pages" aria-label="Pages"></nav>
</header>
<div class="layout">
  <aside id="threads" aria-label="Threads">
    <button id="new-thread" type="button">New thread</button>
    <ul id="thread-list" class="thread-list"></ul>
    <details id="archived"><summary>Archived</summary><ul id="archived-list" class="thread-list"></ul></details>
  </aside>
  <main id="main">
    <section id="empty-view"><p>Pick a thread, or start a new one (<kbd>Alt</kbd>+<kbd>N</kbd>).</p></section>
    <section id="thread-view" hidden>
      <div class="thread-head">
        <h1 id="thread-title"></h1>
        <button id="rename" type="button">Rename</button>
        <button id="archive" type="button">Archive</button>
      </div>
      <form id="rename-form" class="rename-form" hidden>
        <label for="rename-input">New title</label>
        <input id="rename-input" name="title" maxlength="80" autocomplete="off">
        <button type="submit">Save</button>
        <button id="rename-cancel" type="button">Cancel</button>
      </form>
      <ol id="turns" class="turns" aria-live="polite"></ol>
      <form id="composer" class="composer">
        <label for="message" class="visually-hidden">Message</label>
        <div class="composer-input">
          <textarea id="message" rows="3" placeholder="Message: Enter sends, Shift+Enter adds a line"></textarea>
          <ul id="attached" class="attachments" aria-label="Files to send" hidden></ul>
        </div>
        <div class="composer-actions">
          <label class="attach">Attach files<input id="attach" type="file" multiple class="visually-hidden"></label>
          <button id="send" type="submit">Send</button>
          <button id="cancel" type="button" hidden>Cancel run</button>
        </div>
      </form>
    </section>
    <section id="page-view" hidden></section>
  </main>
</div>
<p id="status" class="status" role="status" aria-live="polite"></p>
</body>
</html>
`;

/** The one inline script of the 401 page: takes `#token=` into sessionStorage, opens a session, reloads. */
const AUTH_SCRIPT = `(async () => {
  const key = ${JSON.stringify(TOKEN_STORAGE_KEY)};
  const message = document.getElementById("message");
  const fromHash = /[#&]token=([^&]+)/.exec(location.hash);
  if (fromHash) sessionStorage.setItem(key, decodeURIComponent(fromHash[1]));
  else if (sessionStorage.getItem("mono-agent-auth-tried")) { sessionStorage.removeItem("mono-agent-auth-tried"); return; }
  const token = sessionStorage.getItem(key);
  if (!token) return;
  const response = await fetch("/api/session", { method: "POST", headers: { authorization: "Bearer " + token } });
  if (response.ok) {
    sessionStorage.setItem("mono-agent-auth-tried", "1");
    location.replace(location.pathname + location.search);
  } else {
    sessionStorage.removeItem(key);
    message.textContent = "That token was not accepted. Open the URL printed by the latest mono-agent serve.";
  }
})();`;

const AUTH_STYLE = "body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}";

const sha256Source = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** Content-Security-Policy of the 401 page: its own inline script and style, fetches to itself, nothing else. */
export const UNAUTHORIZED_PAGE_CSP = `default-src 'none'; script-src ${sha256Source(AUTH_SCRIPT)}; style-src ${sha256Source(AUTH_STYLE)}; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Content-Security-Policy of the console: its own assets only (no CDN, no network font, no inline code). */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** What a page request without the token gets (status 401): no data, only the way in. */
export const UNAUTHORIZED_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>mono-agent: sign in</title><link rel="icon" href="data:,">
<style>${AUTH_STYLE}</style></head>
<body><main><h1>mono-agent</h1>
<p id="message">Open the URL printed by <code>mono-agent serve</code> at start-up: it carries the operator token (<code>#token=…</code>).</p>
</main><script>${AUTH_SCRIPT}</script></body>
</html>
`;
