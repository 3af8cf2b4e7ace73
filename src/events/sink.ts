/**
 * How events reach the sink without a sink parameter threaded through every signature: the pipeline runs
 * each target's layers inside a scope (AsyncLocalStorage) holding the sink and where the work is (target,
 * layer); `emit()` anywhere below (the reliability layer, the response cache) reads the scope. Outside any
 * scope `emit` returns at once, so a run without a sink pays one property read per call site, and the
 * storage's async hooks are only switched on by the first scope (a run that has a sink).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventScope, EventSink, RunEvent } from './types.js';

interface ActiveScope extends EventScope {
  sink: EventSink;
}

let storage: AsyncLocalStorage<ActiveScope> | undefined;

/** The scope `fn` runs in (and every call it makes, awaited or not). Without a sink, `fn` just runs. */
export function withEventScope<T>(sink: EventSink | undefined, scope: EventScope, fn: () => T): T {
  if (sink === undefined) return fn();
  storage ??= new AsyncLocalStorage<ActiveScope>();
  return storage.run({ ...storage.getStore(), ...scope, sink }, fn);
}

/**
 * Narrow the current scope (e.g. to the dimension a judge call measures) for `fn`; a no-op outside a scope.
 * For code below the pipeline that knows more than the pipeline does about what it is measuring.
 */
export function narrowEventScope<T>(scope: EventScope, fn: () => T): T {
  const current = storage?.getStore();
  if (current === undefined) return fn();
  return storage!.run({ ...current, ...scope }, fn);
}

/** Whether anything is listening here (lets a call site skip building an expensive event). */
export function listening(): boolean {
  return storage?.getStore() !== undefined;
}

/** Send an event to the current scope's sink, tagged with the scope and the time; nothing when no one listens. */
export function emit(event: RunEvent): void {
  const scope = storage?.getStore();
  if (scope === undefined) return;
  const { sink, ...where } = scope;
  sink({ ...where, ...event, at: Date.now() });
}

/** Send an event straight to a sink (the pipeline's own events, which know their sink). */
export function emitTo(sink: EventSink | undefined, event: RunEvent): void {
  sink?.({ ...event, at: Date.now() });
}
