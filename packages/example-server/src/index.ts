export { calculate } from "./calculate.js";
export { createExampleServer, EXAMPLE_SERVER_NAME, runExampleServer } from "./example-server.js";
