// The browser loads marked's own ES module from /assets/vendor/marked.js (served from node_modules by
// the console's server); its types are the package's.
export * from "marked";
