export { checkStorageConfig, type StorageCheckOptions } from "./check/check-storage-config.js";
