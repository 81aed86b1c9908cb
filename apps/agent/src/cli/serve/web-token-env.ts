/** The env variable that fixes the web console's operator token (else a random one is made per start). */
export const WEB_TOKEN_ENV = "MONO_AGENT_WEB_TOKEN";
