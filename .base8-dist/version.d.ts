/** Kept in step with package.json by a test. */
export declare const VERSION = "0.1.0";
