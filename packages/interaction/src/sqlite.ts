export { approvals, asks } from "./sqlite/interaction-schema.js";
export {
  createSqliteInteractionStore,
  INTERACTION_STORE_BUSY_TIMEOUT_MS,
} from "./sqlite/sqlite-interaction-store.js";
