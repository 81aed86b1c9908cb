export { openSupermemoryStore, type SupermemoryStoreOptions } from "./supermemory-store.js";
