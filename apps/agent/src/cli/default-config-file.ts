/** The config file looked for in the current folder when --config is not given. */
export const DEFAULT_CONFIG_FILE = "mono-agent.config.json";
