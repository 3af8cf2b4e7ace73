/**
 * A pre-test for the whole-text searches of the request patterns (structure.ts) that a fresh process starts with.
 * Each search compiles its pattern on first use, ~0.5-2 ms apiece (V8 emits the code after an alternation once per
 * alternative), yet most skills hold no match of most patterns. A match begins with one of the pattern's start
 * literals, at a position its gate automaton admits; both are generated at build time (scripts/gen-start-sets.mjs)
 * and test/rules/injection-structure-scan.test.ts holds them to the patterns. So where no occurrence of a start
 * literal is admitted, the pattern has no match, and it is not compiled. Occurrences are found with `indexOf`, which
 * is native code from its first call, rather than the scanner's walk, whose loops a fresh process runs in V8's
 * interpreter.
 */
import { GATE_AUTOMATA, GATE_AUTOMATA_BY_TABLE } from './gate-automata.generated.js';
import { GateWalker } from './gate-automaton.js';
import type { Phrase } from './phrase.js';
import { scannerTablesKey } from './scan.js';
import { REQUEST_START_LITERALS } from './start-sets.generated.js';

export class RequestPretest {
  private readonly literals: readonly (readonly string[] | null)[] | undefined;
  private readonly automata: readonly number[] | undefined;
  private readonly walkers: (GateWalker | undefined)[];

  /** For a table of request patterns; one whose generated tables are missing (edited since) is never skipped. */
  constructor(table: readonly Phrase[]) {
    const key = scannerTablesKey(table);
    this.literals = REQUEST_START_LITERALS[key];
    this.automata = GATE_AUTOMATA_BY_TABLE[key];
    this.walkers = new Array<GateWalker | undefined>(table.length);
  }

  /** Whether the table's pattern at `index` may match in `text`: false only where it cannot. */
  mayMatch(index: number, text: string): boolean {
    const literals = this.literals?.[index];
    const automaton = this.automata?.[index] ?? -1;
    if (literals === undefined || literals === null || automaton === -1) return true;
    const walker = (this.walkers[index] ??= new GateWalker(GATE_AUTOMATA[automaton] as string));
    return admittedSomewhere(walker, literals, text);
  }
}

/** Whether the automaton admits some occurrence of a literal. A function of its own: one loop, little else. */
function admittedSomewhere(walker: GateWalker, literals: readonly string[], text: string): boolean {
  for (const literal of literals)
    for (let at = text.indexOf(literal); at !== -1; at = text.indexOf(literal, at + 1))
      if (walker.admits(text, at)) return true;
  return false;
}
