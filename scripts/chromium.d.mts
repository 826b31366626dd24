/** Types of chromium.mjs, for TypeScript projects that do not read JavaScript (the server's). */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
