/** The console's stylesheet (`/assets/app.css`): system fonts, light and dark, one column on a phone. */
export const CONSOLE_STYLES = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#5b6570;--line:#d8dee4;--accent:#0b62c4;--soft:#f3f5f7;--error:#b3261e;--ok:#1a7f37}
@media (prefers-color-scheme:dark){:root{--bg:#15181c;--fg:#e6e8eb;--muted:#9aa4ae;--line:#30363d;--accent:#5aa3f0;--soft:#1e2227;--error:#f2867e;--ok:#5fce7c}}
*{box-sizing:border-box}
[hidden]{display:none!important}
html,body{margin:0;height:100%}
body{background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;flex-direction:column}
button,input,textarea{font:inherit;color:inherit}
button{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.35rem .75rem;cursor:pointer}
button:hover{border-color:var(--accent)}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.bar{display:flex;align-items:center;gap:.75rem;padding:.5rem 1rem;border-bottom:1px solid var(--line)}
.brand{font-weight:600;color:var(--fg);text-decoration:none}
#pages{display:flex;gap:.75rem;margin-left:auto}
#pages a{color:var(--accent)}
.layout{flex:1;display:flex;min-height:0}
#threads{width:17rem;border-right:1px solid var(--line);padding:.75rem;overflow-y:auto;display:flex;flex-direction:column;gap:.5rem}
.thread-list{list-style:none;margin:0;padding:0}
.thread-list a{display:block;padding:.4rem .5rem;border-radius:6px;color:var(--fg);text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.thread-list a[aria-current=page]{background:var(--soft);font-weight:600}
.thread-list a .running{color:var(--accent)}
#archived summary{color:var(--muted);cursor:pointer;padding:.25rem 0}
#main{flex:1;min-width:0;display:flex;flex-direction:column;overflow:hidden}
#thread-view{display:flex;flex-direction:column;height:100%}
#thread-view[hidden],#page-view[hidden],#empty-view[hidden]{display:none}
#empty-view,#page-view{padding:1.5rem;overflow-y:auto}
.thread-head{display:flex;align-items:center;gap:.5rem;padding:.75rem 1rem;border-bottom:1px solid var(--line)}
.thread-head h1{font-size:1.15rem;margin:0;flex:1;overflow-wrap:anywhere}
.rename-form{display:flex;gap:.5rem;align-items:center;padding:.5rem 1rem;border-bottom:1px solid var(--line)}
.rename-form input{flex:1;padding:.35rem .5rem;border:1px solid var(--line);border-radius:6px;background:var(--bg)}
.turns{list-style:none;margin:0;padding:1rem;overflow-y:auto;flex:1;display:flex;flex-direction:column;gap:1rem}
.message{white-space:pre-wrap;overflow-wrap:anywhere;padding:.6rem .8rem;border-radius:10px;max-width:48rem}
.message.user{background:var(--soft);align-self:flex-end}
.message.assistant{border:1px solid var(--line)}
.message.markdown{white-space:normal}
.markdown>:first-child{margin-top:0}
.markdown>:last-child{margin-bottom:0}
.markdown p,.markdown ul,.markdown ol,.markdown blockquote,.markdown pre,.markdown table{margin:.5rem 0}
.markdown ul,.markdown ol{padding-left:1.4rem}
.markdown blockquote{border-left:3px solid var(--line);padding-left:.7rem;color:var(--muted)}
.markdown code{background:var(--soft);padding:.05rem .25rem;border-radius:4px;font-size:.9em}
.markdown pre{background:var(--soft);padding:.5rem .6rem;border-radius:6px;overflow-x:auto;white-space:pre}
.markdown pre code{background:none;padding:0}
.markdown table{border-collapse:collapse}
.markdown th,.markdown td{border:1px solid var(--line);padding:.2rem .45rem}
.markdown a{color:var(--accent)}
td.errors{color:var(--error);font-weight:600}
.turn{display:flex;flex-direction:column;gap:.4rem}
.turn-status{font-size:.85rem;color:var(--muted)}
.turn-status.failed,.tool.error .tool-status{color:var(--error)}
.activity{font-size:.9rem;max-width:48rem}
.activity>summary{cursor:pointer;color:var(--muted)}
.activity ul{list-style:none;padding:0;margin:.35rem 0 0}
.tool{border-left:3px solid var(--line);padding:.1rem .6rem;margin-bottom:.35rem}
.tool.ok{border-color:var(--ok)}
.tool.error{border-color:var(--error)}
.tool summary{cursor:pointer;overflow-wrap:anywhere}
.tool pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--soft);padding:.4rem;border-radius:6px;margin:.3rem 0;font-size:.85rem}
.tool .note{color:var(--muted)}
.composer{display:flex;gap:.5rem;padding:.75rem 1rem;border-top:1px solid var(--line)}
.composer-input{flex:1;display:flex;flex-direction:column;gap:.35rem;min-width:0}
.composer textarea{flex:1;resize:vertical;padding:.5rem;border:1px solid var(--line);border-radius:8px;background:var(--bg)}
.composer-actions{display:flex;flex-direction:column;gap:.4rem}
.attach{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.35rem .75rem;cursor:pointer;text-align:center}
.attach:focus-within,.attach:hover{border-color:var(--accent)}
.attachments{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.35rem;font-size:.85rem}
.attachments li{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.1rem .5rem}
.message.user .attachments{margin-top:.35rem}
.turn.delivery .message.assistant{border-style:dashed}
.delivery-label{font-size:.85rem;color:var(--muted)}
.status{margin:0;padding:.25rem 1rem;min-height:1.5rem;color:var(--muted);font-size:.9rem}
.status.error{color:var(--error)}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;border-bottom:1px solid var(--line);padding:.3rem .5rem}
#toggle-threads{display:none}
@media (max-width:700px){
  #toggle-threads{display:inline-block}
  #threads{position:absolute;z-index:2;top:3rem;bottom:0;left:0;background:var(--bg);width:85vw;display:none}
  #threads.open{display:flex}
  .composer{flex-direction:column}
  .composer-actions{flex-direction:row}
}
`;
