// The browser loads DOMPurify's own ES module from /assets/vendor/purify.js (served from node_modules by
// the console's server); its types are the package's.
export { default } from "dompurify";
