export { checkInteraction } from "./check/check-interaction.js";
