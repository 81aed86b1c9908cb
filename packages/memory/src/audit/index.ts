export {
  auditExitsCleanly,
  auditMemory,
  MEMORY_AUDIT_ISSUES,
  type MemoryAudit,
  type MemoryAuditConfig,
  type MemoryAuditIssue,
  type MemoryAuditIssueCode,
  type MemoryAuditStatus,
} from "./memory-audit.js";
