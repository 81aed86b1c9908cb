import type { ChannelApp } from "./channel-app.js";
import type { ChannelSessionOptions } from "./channel-conversation-id.js";
import type { DeliveryHistory } from "./delivery-history-key.js";
import type { EventDedupeStore } from "./event-dedupe-store.js";

/**
 * What a channel composition needs of the host app, and nothing more: the app's run function, the
 * `runtime.session` rollover, the delivery history that records each confirmed send, and the event
 * dedupe store (opened on first use, shared by every channel of the host).
 */
export interface ChannelHost {
  readonly app: ChannelApp;
  readonly session: ChannelSessionOptions;
  readonly deliveryHistory: DeliveryHistory;
  dedupe(): EventDedupeStore;
}
