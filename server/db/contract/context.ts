/** What the RealtimeDb contract runs against, and what its suites read in their tests. */
import type { RealtimeDb, Reference } from '../types';

/** How a separate process reaches the same store. */
export type ContractTarget = { engine: 'embedded'; file: string } | { engine: 'firebase'; projectId: string; databaseURL: string };

export interface ContractStore {
  /** Opens a new connection to the store (each call is another connection). */
  open(): Promise<RealtimeDb>;
  /** The path every write of the test goes under. */
  base: string;
  target: ContractTarget;
  /** Removes what the store left behind; connections are already closed. */
  cleanup(): Promise<void>;
}

/** What a suite reads in its tests: the values runContract sets up before each test. */
export interface ContractContext {
  readonly store: ContractStore;
  readonly db: RealtimeDb;
  readonly base: Reference;
  /** Opens another connection, closed after the test. */
  connect(): Promise<RealtimeDb>;
}
