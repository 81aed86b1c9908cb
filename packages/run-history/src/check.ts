export { checkRunStore } from "./check/check-run-store.js";
