/**
 * Saving the synced preferences to the account (SPEC §4: settings updates applied optimistically, rolled back on
 * failure). A reader's change is applied at once on this device; changes within {@link SETTINGS_SAVE_DELAY_MS} are
 * sent as one POST; when the server refuses, each sent value that has not been changed again since is put back
 * to the last one the account confirmed, and the reader is told.
 */
import { mergeAtSignIn, type SyncedKey, type SyncedValues } from './synced-preferences.ts';

/** Changes within this long are saved together (a dragged panel edge, a few arrow presses). */
export const SETTINGS_SAVE_DELAY_MS = 600;
export const SETTINGS_SAVE_FAILED_MESSAGE =
  'Your settings could not be saved to your account. The previous ones are back.';

export interface SyncerPorts {
  /** The device's current value of a synced preference. */
  get<K extends SyncedKey>(key: K): SyncedValues[K];
  /** Applies a value that came from the account (or a rollback) on this device. */
  apply<K extends SyncedKey>(key: K, value: SyncedValues[K]): void;
  /** Whether the device holds a chosen value (not only the default). */
  isChosen(key: SyncedKey): boolean;
  /** POSTs the values; resolves true when the server saved them. */
  save(values: Partial<SyncedValues>): Promise<boolean>;
  /** Tells the reader a save failed. */
  failed(message: string): void;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export class SettingsSyncer {
  private loaded = false;
  private readonly pending = new Set<SyncedKey>();
  private timer: unknown = null;
  /** What the account holds, as far as this device knows. */
  private readonly confirmed: Partial<Record<SyncedKey, unknown>> = {};
  private stopped = false;

  private readonly ports: SyncerPorts;
  private readonly keys: readonly SyncedKey[];

  constructor(ports: SyncerPorts, keys: readonly SyncedKey[]) {
    this.ports = ports;
    this.keys = keys;
  }

  /** The account's saved values arrived: merge them with the device's, then save what the device adds. */
  load(account: Partial<SyncedValues>): Promise<void> {
    const { ports } = this;
    const device = Object.fromEntries(this.keys.map((key) => [key, ports.get(key)])) as SyncedValues;
    const chosen = new Set(this.keys.filter((key) => ports.isChosen(key) && !this.pending.has(key)));
    const { apply, push } = mergeAtSignIn(device, chosen, account);
    for (const key of this.keys) {
      if (this.pending.has(key)) continue;
      const value = apply[key];
      if (value !== undefined) ports.apply(key, value as SyncedValues[typeof key]);
    }
    for (const key of this.keys) this.confirmed[key] = account[key] ?? device[key];
    this.loaded = true;
    for (const key of Object.keys(push) as SyncedKey[]) this.pending.add(key);
    if (this.pending.size === 0) return Promise.resolve();
    return this.flush();
  }

  /** A reader changed a synced preference on this device. */
  changed(key: SyncedKey) {
    if (this.stopped) return;
    this.pending.add(key);
    if (!this.loaded) return;
    if (this.timer !== null) this.ports.clearTimer(this.timer);
    this.timer = this.ports.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, SETTINGS_SAVE_DELAY_MS);
  }

  /** Sends what is pending now. */
  async flush(): Promise<void> {
    if (this.stopped || this.pending.size === 0) return;
    const sent = Object.fromEntries(
      [...this.pending].map((key) => [key, this.ports.get(key)]),
    ) as Partial<SyncedValues>;
    this.pending.clear();
    const ok = await this.ports.save(sent).catch(() => false);
    if (this.stopped) return;
    const keys = Object.keys(sent) as SyncedKey[];
    if (ok) {
      for (const key of keys) this.confirmed[key] = sent[key];
      return;
    }
    let rolledBack = false;
    for (const key of keys) {
      // A value changed again since it was sent is the reader's newest choice: it is saved by its own POST.
      if (this.pending.has(key) || JSON.stringify(this.ports.get(key)) !== JSON.stringify(sent[key])) continue;
      this.ports.apply(key, this.confirmed[key] as SyncedValues[typeof key]);
      rolledBack = true;
    }
    if (rolledBack) this.ports.failed(SETTINGS_SAVE_FAILED_MESSAGE);
  }

  stop() {
    this.stopped = true;
    if (this.timer !== null) this.ports.clearTimer(this.timer);
    this.timer = null;
  }
}
