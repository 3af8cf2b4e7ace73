import type { MarkdownComponent } from '../../parse/plugin.js';
import type { CheckOutcome } from '../types.js';

/** A check of a plugin's agent or command file: metadata plus a pure function. */
export interface ComponentCheck {
  id: string;
  kind: 'agent' | 'command';
  methodology: 'default' | 'compat';
  description: string;
  run(component: MarkdownComponent): CheckOutcome;
}
