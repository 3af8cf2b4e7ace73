import type { StaticCheck } from '../types.js';
export declare const orchestrationWiring: StaticCheck;
