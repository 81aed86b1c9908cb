export { checkSessionHistory } from "./check/check-session-history.js";
