export { emit, emitTo, listening, narrowEventScope, withEventScope } from './sink.js';
export type { CallPrompt, CallReply, EventScope, EventSink, RunEvent, RunEventType } from './types.js';
export { promptOf, replyOf } from './call.js';
