export { checkStorageConfig, type StorageCheckOptions } from "./check-storage-config.js";
