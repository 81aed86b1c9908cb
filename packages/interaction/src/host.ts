export { approvalsListReport, openSqliteApprovals, revokeApprovalReport } from "./host/approvals-report.js";
export {
  type InteractionHost,
  type InteractionHostConfig,
  interactionStoreFile,
  startInteractionHost,
} from "./host/interaction-host.js";
export { attachWebAskChannel, type WebAskSource } from "./host/web-ask-channel.js";
