export { checkSlackConfig } from "./check-slack-config.js";
