export { checkConfig, configIssueLine, isMcpConfigIssue } from "./check/check-config.js";
export { checkModel } from "./check/check-model.js";
