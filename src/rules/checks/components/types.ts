import type { MarkdownComponent } from '../../../parse/plugin.js';
import type { CheckOutcome, Improvement } from '../types.js';

/** A check of a plugin's agent or command file: metadata plus a pure function. */
export interface ComponentCheck {
  id: string;
  kind: 'agent' | 'command';
  methodology: 'default' | 'compat';
  description: string;
  run(component: MarkdownComponent): CheckOutcome;
  /**
   * What this component could change to score higher, from the same facts `run` reads (never something it has).
   * Each says the rise its change brings to this check's score (`gain`); edits name the component's file relative
   * to its folder.
   */
  improve?(component: MarkdownComponent, outcome: CheckOutcome): Improvement[];
}
