import type { AssetRef, Quote } from '@eh/contracts';
import type { MarketAssetType } from '@eh/domain';

/**
 * A streaming quote provider (a vendor's websocket, or the demo simulator): the sync role tells it which assets its
 * own clients follow, and it calls back with quotes as they move. Each sync node runs its own feed for its own
 * clients' assets, so a feed's quotes go to this node's clients only, never through the bus; quotes from elsewhere
 * (an ingestion run, another process) are published on the bus with `publishLive`.
 */
export interface LiveQuoteFeed {
  readonly name: string;
  /** Starts the stream; `onQuotes` gets each tick's moved quotes (one per asset). */
  start(onQuotes: (quotes: Quote[]) => void): void;
  /** Adds assets to the followed set (an asset already followed is ignored). */
  follow(assets: readonly AssetRef[]): void;
  /** Removes assets from the followed set. */
  unfollow(assets: readonly AssetRef[]): void;
  /** The asset's current quote when the feed moves it (what a client is sent when it subscribes), or null. */
  current(asset: AssetRef): Quote | null;
  stop(): Promise<void>;
}

/** An asset's stored quote, which a feed moves from (its anchor). */
export interface QuoteAnchor {
  symbol: string;
  type: MarketAssetType;
  name: string;
  price: number;
  prevClose: number | null;
  open: number | null;
  highPrice: number | null;
  lowPrice: number | null;
  volume: number | null;
  /** Epoch ms when the stored price was struck. */
  quotedAt: number;
  source: string;
}

/** What the sync role gives a feed it starts: the stored quotes of assets, and where the feed's errors go. */
export interface LiveQuoteFeedSource {
  /** The stored quotes of assets (those without one are left out). */
  loadAnchors(assets: readonly AssetRef[]): Promise<QuoteAnchor[]>;
  onError(error: unknown): void;
}

/** Makes a node's feed when its sync role starts; the app's assembly (roles/index.ts) chooses it. */
export type LiveQuoteFeedFactory = (source: LiveQuoteFeedSource) => LiveQuoteFeed;
