import { type Ui } from './ui.js';
export declare function runValidate(paths: string[], flags: {
    output: 'text' | 'json';
    quiet?: boolean;
}, ui: Ui): Promise<number>;
