import { type ChannelAttachment, fetchAttachment } from "@mono-agent/channel-kit";

/** A file of a Slack message event, as far as the channel reads it. */
export interface SlackEventFile {
  name?: string;
  url_private_download?: string;
  url_private?: string;
}

/** Files staged per message at most: one message rarely carries more; each may be up to 20 MB. */
export const SLACK_MAX_FILES_PER_MESSAGE = 10;

/** Hosts the bot token is sent to for a file download: Slack's file host, and the configured API host. */
export function slackFileHosts(apiUrl: string): Set<string> {
  return new Set(["files.slack.com", new URL(apiUrl).host]);
}

/**
 * Downloads the files of a message for the run, with the bot token, only from {@link slackFileHosts} (an
 * event naming another host never gets the token); a file that fails or is too large is skipped and
 * reported through `onSkipped`.
 */
export async function downloadSlackFiles(options: {
  files: readonly SlackEventFile[];
  botToken: string;
  apiUrl: string;
  onSkipped?: (name: string, reason: string) => void;
}): Promise<ChannelAttachment[]> {
  const hosts = slackFileHosts(options.apiUrl);
  const staged: ChannelAttachment[] = [];
  for (const [index, file] of options.files.slice(0, SLACK_MAX_FILES_PER_MESSAGE).entries()) {
    const name =
      (file.name ?? `file-${index + 1}`).replace(/[/\\\0]/g, "_").slice(0, 200) || `file-${index + 1}`;
    const url = file.url_private_download ?? file.url_private;
    let parsed: URL | undefined;
    try {
      parsed = url === undefined ? undefined : new URL(url);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !hosts.has(parsed.host) || !/^https?:$/.test(parsed.protocol)) {
      options.onSkipped?.(name, "its download URL is not on a Slack file host");
      continue;
    }
    try {
      staged.push(
        await fetchAttachment({
          url: parsed.href,
          name,
          headers: { authorization: `Bearer ${options.botToken}` },
        }),
      );
    } catch (error) {
      options.onSkipped?.(name, error instanceof Error ? error.message : String(error));
    }
  }
  return staged;
}
