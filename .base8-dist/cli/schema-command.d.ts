import { z } from 'zod';
import type { Ui } from './ui.js';
/** Every file format and output, by the name `plugin-eval schema NAME` takes. */
export declare const SCHEMAS: Record<string, z.ZodType>;
export declare function jsonSchemaFor(name: string): unknown;
export declare function runSchema(name: string | undefined, ui: Ui): number;
