export { processAlive } from "./node/process-alive.js";
