export { startTestPostgres, type TestPostgres } from "./testing/start-test-postgres.js";
