export { checkSessionHistory } from "./check-session-history.js";
