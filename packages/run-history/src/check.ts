export { checkRunStore } from "./check-run-store.js";
