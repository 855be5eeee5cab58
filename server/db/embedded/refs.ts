import { parsePath, pathText } from '../path';
import { generatePushId } from '../push-id';
import { prepareUpdate, toTree } from '../tree';
import type { DataSnapshot, DbValue, Query, QueryValue, Reference, TransactionResult, Unsubscribe, ValueListener } from '../types';
import type { EmbeddedEngine } from './engine';
import * as spec from './query-spec';

/** Runs synchronous work now and reports its outcome as a promise (errors reject). */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}

export class EmbeddedQuery implements Query {
  constructor(
    protected readonly engine: EmbeddedEngine,
    protected readonly segments: readonly string[],
    protected readonly spec: spec.QuerySpec,
  ) {}

  get ref(): Reference {
    return new EmbeddedReference(this.engine, this.segments);
  }

  orderByChild(path: string): Query {
    return this.with(spec.orderBy(this.spec, { kind: 'child', path }, 'orderByChild'));
  }

  orderByKey(): Query {
    return this.with(spec.orderBy(this.spec, { kind: 'key' }, 'orderByKey'));
  }

  orderByValue(): Query {
    return this.with(spec.orderBy(this.spec, { kind: 'value' }, 'orderByValue'));
  }

  startAt(value: QueryValue, key?: string): Query {
    return this.with(spec.startAt(this.spec, value, key));
  }

  endAt(value: QueryValue, key?: string): Query {
    return this.with(spec.endAt(this.spec, value, key));
  }

  equalTo(value: QueryValue, key?: string): Query {
    return this.with(spec.equalTo(this.spec, value, key));
  }

  limitToFirst(limit: number): Query {
    return this.with(spec.limit(this.spec, limit, false));
  }

  limitToLast(limit: number): Query {
    return this.with(spec.limit(this.spec, limit, true));
  }

  get(): Promise<DataSnapshot> {
    return settle(() => this.engine.read(this.segments, this.spec));
  }

  onValue(listener: ValueListener, onError?: (error: Error) => void): Unsubscribe {
    return this.engine.listen(this.segments, this.spec, listener, onError);
  }

  private with(next: spec.QuerySpec): Query {
    return new EmbeddedQuery(this.engine, this.segments, next);
  }
}

export class EmbeddedReference extends EmbeddedQuery implements Reference {
  constructor(engine: EmbeddedEngine, segments: readonly string[]) {
    super(engine, segments, spec.PLAIN_QUERY);
  }

  override get ref(): Reference {
    return this;
  }

  get key(): string | null {
    return this.segments.at(-1) ?? null;
  }

  get path(): string {
    return pathText(this.segments);
  }

  get parent(): Reference | null {
    return this.segments.length === 0 ? null : new EmbeddedReference(this.engine, this.segments.slice(0, -1));
  }

  get root(): Reference {
    return new EmbeddedReference(this.engine, []);
  }

  child(path: string): Reference {
    return new EmbeddedReference(this.engine, [...this.segments, ...parsePath(path, 'Reference.child', { allowRoot: false })]);
  }

  set(value: DbValue): Promise<void> {
    return settle(() => this.engine.write([{ path: [...this.segments], tree: toTree(value, this.segments, 'Reference.set') }]));
  }

  update(values: Record<string, DbValue>): Promise<void> {
    return settle(() => this.engine.write(prepareUpdate(this.segments, values, 'Reference.update')));
  }

  guardedUpdate(guard: string, check: (current: any) => boolean, values: Record<string, DbValue>): Promise<TransactionResult> {
    return settle(() =>
      this.engine.guardedWrite(
        [...this.segments, ...parsePath(guard, 'Reference.guardedUpdate', { allowRoot: true })],
        check,
        prepareUpdate(this.segments, values, 'Reference.guardedUpdate'),
      ),
    );
  }

  remove(): Promise<void> {
    return settle(() => this.engine.write([{ path: [...this.segments], tree: null }]));
  }

  push(): Reference;
  push(value: DbValue): Promise<Reference>;
  push(value?: DbValue): Reference | Promise<Reference> {
    const child = new EmbeddedReference(this.engine, [...this.segments, generatePushId()]);
    return value === undefined ? child : child.set(value).then(() => child);
  }

  transaction(update: (current: any) => DbValue | undefined): Promise<TransactionResult> {
    return settle(() => this.engine.transaction(this.segments, update));
  }
}
