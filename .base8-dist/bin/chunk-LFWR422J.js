import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  seedGrade
} from "./chunk-5GN6JLQL.js";

// src/score/display.ts
var COMPOSITE_DECIMALS = 1;
var DIMENSION_DECIMALS = 2;
var COVERAGE_DECIMALS = 0;
var BADGE_COMPOSITE_LINES = [60, 70, 80, 90];
function displayed(value, decimals) {
  return Number(value.toFixed(decimals));
}
function settle(value, decimals = 9) {
  const s = Number(value.toFixed(decimals));
  return Object.is(s, -0) ? 0 : s;
}
function formatDimensionScore(score) {
  return score.toFixed(DIMENSION_DECIMALS);
}
function displayedGrade(score) {
  return seedGrade(displayed(score, DIMENSION_DECIMALS));
}
function displayedCoveragePercent(share) {
  return displayed(share * 100, COVERAGE_DECIMALS);
}
function formatCoverage(share) {
  return `${(share * 100).toFixed(COVERAGE_DECIMALS)}%`;
}
function compositeDecisionValue(score, methodology) {
  return methodology === "compat" ? score : displayed(score, COMPOSITE_DECIMALS);
}
function isBelowThreshold(score, methodology, threshold) {
  return threshold !== void 0 && compositeDecisionValue(score, methodology) < threshold;
}
function formatCompositeScore(score, methodology, threshold) {
  const shown = score.toFixed(COMPOSITE_DECIMALS);
  if (methodology !== "compat") return shown;
  const lines = threshold === void 0 ? BADGE_COMPOSITE_LINES : [...BADGE_COMPOSITE_LINES, threshold];
  const sameSide = (text) => lines.every((line) => score < line === Number(text) < line);
  if (sameSide(shown)) return shown;
  for (let decimals = COMPOSITE_DECIMALS + 1; decimals <= 6; decimals++) {
    const more = score.toFixed(decimals);
    if (sameSide(more)) return more;
  }
  return String(score);
}

// ../../work/main/node_modules/yocto-queue/index.js
var Node = class {
  value;
  next;
  constructor(value) {
    this.value = value;
  }
};
var Queue = class {
  #head;
  #tail;
  #size;
  constructor() {
    this.clear();
  }
  enqueue(value) {
    const node = new Node(value);
    if (this.#head) {
      this.#tail.next = node;
      this.#tail = node;
    } else {
      this.#head = node;
      this.#tail = node;
    }
    this.#size++;
  }
  dequeue() {
    const current = this.#head;
    if (!current) {
      return;
    }
    this.#head = this.#head.next;
    this.#size--;
    if (!this.#head) {
      this.#tail = void 0;
    }
    return current.value;
  }
  peek() {
    if (!this.#head) {
      return;
    }
    return this.#head.value;
  }
  clear() {
    this.#head = void 0;
    this.#tail = void 0;
    this.#size = 0;
  }
  get size() {
    return this.#size;
  }
  *[Symbol.iterator]() {
    let current = this.#head;
    while (current) {
      yield current.value;
      current = current.next;
    }
  }
  *drain() {
    while (this.#head) {
      yield this.dequeue();
    }
  }
};

// ../../work/main/node_modules/p-limit/index.js
function pLimit(concurrency) {
  let rejectOnClear = false;
  if (typeof concurrency === "object") {
    ({ concurrency, rejectOnClear = false } = concurrency);
  }
  validateConcurrency(concurrency);
  if (typeof rejectOnClear !== "boolean") {
    throw new TypeError("Expected `rejectOnClear` to be a boolean");
  }
  const queue = new Queue();
  let activeCount = 0;
  const resumeNext = () => {
    if (activeCount < concurrency && queue.size > 0) {
      activeCount++;
      queue.dequeue().run();
    }
  };
  const next = () => {
    activeCount--;
    resumeNext();
  };
  const run = async (function_, resolve, arguments_) => {
    const result = (async () => function_(...arguments_))();
    resolve(result);
    try {
      await result;
    } catch {
    }
    next();
  };
  const enqueue = (function_, resolve, reject, arguments_) => {
    const queueItem = { reject };
    new Promise((internalResolve) => {
      queueItem.run = internalResolve;
      queue.enqueue(queueItem);
    }).then(run.bind(void 0, function_, resolve, arguments_));
    if (activeCount < concurrency) {
      resumeNext();
    }
  };
  const generator = (function_, ...arguments_) => new Promise((resolve, reject) => {
    enqueue(function_, resolve, reject, arguments_);
  });
  Object.defineProperties(generator, {
    activeCount: {
      get: () => activeCount
    },
    pendingCount: {
      get: () => queue.size
    },
    clearQueue: {
      value() {
        if (!rejectOnClear) {
          queue.clear();
          return;
        }
        const abortError = AbortSignal.abort().reason;
        while (queue.size > 0) {
          queue.dequeue().reject(abortError);
        }
      }
    },
    concurrency: {
      get: () => concurrency,
      set(newConcurrency) {
        validateConcurrency(newConcurrency);
        concurrency = newConcurrency;
        queueMicrotask(() => {
          while (activeCount < concurrency && queue.size > 0) {
            resumeNext();
          }
        });
      }
    },
    map: {
      async value(iterable, function_) {
        const promises = [];
        try {
          Array.from(iterable, (value, index) => {
            const promise = generator(function_, value, index);
            promises.push(promise);
            return promise;
          });
        } catch (error) {
          for (const promise of promises) {
            promise.catch(() => {
            });
          }
          throw error;
        }
        return Promise.all(promises);
      }
    }
  });
  return generator;
}
function validateConcurrency(concurrency) {
  if (!((Number.isInteger(concurrency) || concurrency === Number.POSITIVE_INFINITY) && concurrency > 0)) {
    throw new TypeError("Expected `concurrency` to be a number from 1 and up");
  }
}

export {
  pLimit,
  COMPOSITE_DECIMALS,
  DIMENSION_DECIMALS,
  displayed,
  settle,
  formatDimensionScore,
  displayedGrade,
  displayedCoveragePercent,
  formatCoverage,
  compositeDecisionValue,
  isBelowThreshold,
  formatCompositeScore
};
//# sourceMappingURL=chunk-LFWR422J.js.map
